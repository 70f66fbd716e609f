/*
 * Turns message views from /api/state and /api/events into DOM: avatars, bubbles and the bot's
 * Adaptive Cards rendered with the adaptivecards library, with markdown-it as its markdown
 * processor (as the web client renders card text). Card submissions go through `onSubmit`,
 * which receives every input of the card merged with the Action.Submit data, as a client sends it.
 */
(function () {
  'use strict';

  // markdown-it as web clients use it: no raw HTML, no bare-URL links, no typographic replacements.
  var md = window.markdownit({ html: false, linkify: false, typographer: false });
  var renderLinkOpen =
    md.renderer.rules.link_open ||
    function (tokens, index, options, env, self) {
      return self.renderToken(tokens, index, options);
    };
  md.renderer.rules.link_open = function (tokens, index, options, env, self) {
    tokens[index].attrSet('target', '_blank');
    tokens[index].attrSet('rel', 'noopener noreferrer');
    return renderLinkOpen(tokens, index, options, env, self);
  };
  var el = Sandbox.el;
  var initials = Sandbox.initials;

  function colors(subtleText) {
    return {
      default: { default: '#1f2328', subtle: subtleText },
      dark: { default: '#1f2328', subtle: '#57606a' },
      light: { default: '#ffffff', subtle: '#d0d7de' },
      accent: { default: '#0a66c2', subtle: '#3b82c4' },
      good: { default: '#1a7f37', subtle: '#2da44e' },
      warning: { default: '#9a6700', subtle: '#b7861a' },
      attention: { default: '#c62828', subtle: '#d1453b' },
    };
  }

  var hostConfig = new AdaptiveCards.HostConfig({
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    supportsInteractivity: true,
    spacing: { small: 4, default: 8, medium: 14, large: 20, extraLarge: 28, padding: 16 },
    separator: { lineThickness: 1, lineColor: '#e4e7eb' },
    fontSizes: { small: 12, default: 14, medium: 16, large: 19, extraLarge: 23 },
    fontWeights: { lighter: 300, default: 400, bolder: 600 },
    containerStyles: {
      default: { backgroundColor: '#ffffff', foregroundColors: colors('#6a737d') },
      emphasis: { backgroundColor: '#f5f7fa', foregroundColors: colors('#6a737d') },
      accent: { backgroundColor: '#eaf2fc', foregroundColors: colors('#5c6b7a') },
      good: { backgroundColor: '#e9f6ec', foregroundColors: colors('#5b6b5f') },
      warning: { backgroundColor: '#fff5db', foregroundColors: colors('#6f6654') },
      attention: { backgroundColor: '#fdeceb', foregroundColors: colors('#735b5a') },
    },
    actions: {
      maxActions: 5,
      spacing: 'medium',
      buttonSpacing: 8,
      actionsOrientation: 'horizontal',
      actionAlignment: 'left',
      showCard: { actionMode: 'inline', inlineTopMargin: 12 },
    },
    factSet: {
      title: { weight: 'bolder', wrap: true, maxWidth: 170, isSubtle: true },
      value: { wrap: true },
      spacing: 10,
    },
    inputs: {
      label: {
        requiredInputs: { weight: 'bolder', suffix: ' *', suffixColor: 'attention' },
        optionalInputs: { weight: 'bolder' },
      },
      errorMessage: { size: 'small', color: 'attention' },
    },
  });

  AdaptiveCards.AdaptiveCard.onProcessMarkdown = function (text, result) {
    result.outputHtml = md.render(text);
    result.didProcess = true;
  };

  function formatTime(iso) {
    var date = new Date(iso);
    return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  function avatar(message, hue) {
    var node = el('div', 'avatar' + (message.fromBot ? ' bot' : ''), message.fromBot ? '' : initials(message.personName));
    if (message.fromBot) node.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="4" y="7" width="16" height="12" rx="3"/><circle cx="9" cy="13" r="1.6"/><circle cx="15" cy="13" r="1.6"/><path d="M12 3v4"/></svg>';
    else node.style.setProperty('--hue', String(hue));
    node.setAttribute('aria-hidden', 'true');
    return node;
  }

  /**
   * Every input of the card (sub-cards too) as strings, then the action's own data on top.
   * A button marked `associatedInputs: "none"` (Adaptive Cards 1.3) sends its data alone.
   */
  function collectSubmission(card, action) {
    var inputs = {};
    var associated = action.associatedInputs === 'none' ? [] : card.getAllInputs();
    associated.forEach(function (input) {
      if (!input.id) return;
      var value = input.value;
      inputs[input.id] = value === undefined || value === null ? '' : String(value);
    });
    var data = action.toJSON().data;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      Object.keys(data).forEach(function (key) {
        inputs[key] = data[key];
      });
    }
    return inputs;
  }

  function renderCard(message, handlers) {
    var host = el('div', 'card-host');
    var status = el('div', 'card-status');
    status.setAttribute('role', 'status');
    var card = new AdaptiveCards.AdaptiveCard();
    card.hostConfig = hostConfig;
    card.onExecuteAction = function (action) {
      var type = action.getJsonTypeName();
      if (type === 'Action.OpenUrl') {
        if (/^https?:\/\//i.test(action.url || '')) window.open(action.url, '_blank', 'noopener');
        return;
      }
      if (type !== 'Action.Submit') return;
      status.textContent = 'Sending…';
      status.className = 'card-status pending';
      handlers.onSubmit(message, collectSubmission(card, action)).then(
        function () {
          status.textContent = 'Sent “' + (action.title || 'Submit') + '” ✓';
          status.className = 'card-status sent';
        },
        function (error) {
          status.textContent = 'Could not send: ' + error.message;
          status.className = 'card-status failed';
        },
      );
    };
    try {
      card.parse(message.card);
      var rendered = card.render();
      if (!rendered) throw new Error('nothing to render');
      card.getAllInputs().forEach(function (input) {
        if (input.renderedInputControlElement) input.renderedInputControlElement.setAttribute('data-input-id', input.id);
      });
      host.appendChild(rendered);
    } catch (error) {
      host.appendChild(el('p', 'card-error', 'This card could not be rendered: ' + error.message));
    }
    host.appendChild(status);
    return host;
  }

  function mentionPill(name) {
    return el('span', 'mention', name);
  }

  function messageElement(message, context) {
    var mine = message.personId === context.meId;
    var item = el('li', 'message' + (message.fromBot ? ' from-bot' : '') + (mine ? ' mine' : ''));
    item.dataset.messageId = message.id;
    item.dataset.personId = message.personId;
    item.appendChild(avatar(message, context.hueOf(message.personId)));

    var column = el('div', 'message-body');
    var meta = el('div', 'meta');
    meta.appendChild(el('span', 'who', mine ? message.personName + ' (you)' : message.personName));
    var time = el('time', 'when', formatTime(message.created));
    time.dateTime = message.created;
    time.title = new Date(message.created).toLocaleString();
    meta.appendChild(time);
    column.appendChild(meta);

    if (message.card) {
      column.appendChild(renderCard(message, context));
    } else {
      var bubble = el('div', 'bubble');
      if (message.mentionsBot) {
        bubble.appendChild(mentionPill(context.botName));
        bubble.appendChild(document.createTextNode(' '));
      }
      if (message.fromBot && message.markdown) {
        var rich = el('div', 'markdown');
        rich.innerHTML = md.render(message.markdown);
        bubble.appendChild(rich);
      } else {
        bubble.appendChild(document.createTextNode(message.text));
      }
      column.appendChild(bubble);
    }
    item.appendChild(column);
    return item;
  }

  window.SandboxRender = { messageElement: messageElement };
})();
