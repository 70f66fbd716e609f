/*
 * A small, safe renderer for the markdown subset Webex shows in messages and card TextBlocks:
 * backslash escapes, **bold**, *italic* / _italic_, `code`, [links](https://…), "- " / "1. " lists,
 * line breaks and paragraphs. Everything is HTML-escaped first, so text can never become markup;
 * only http(s) links are made clickable.
 */
(function () {
  'use strict';

  var LITERAL = '\uE000';

  function escapeHtml(text) {
    return String(text)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
  }

  function inline(text, literals) {
    var html = escapeHtml(text);
    html = html.replace(/`([^`\n]+)`/g, '<code>$1</code>');
    html = html.replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s()]+)\)/g, function (_, label, url) {
      return '<a href="' + url + '" target="_blank" rel="noopener noreferrer">' + label + '</a>';
    });
    html = html.replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>');
    html = html.replace(/(^|[^\w*])\*([^*\s][^*\n]*)\*(?![\w*])/g, '$1<em>$2</em>');
    html = html.replace(/(^|[^\w])_([^_\s][^_\n]*)_(?!\w)/g, '$1<em>$2</em>');
    var pattern = new RegExp(LITERAL + '(\\d+)' + LITERAL, 'g');
    return html.replace(pattern, function (_, index) {
      return escapeHtml(literals[Number(index)]);
    });
  }

  function render(source) {
    var literals = [];
    var text = String(source == null ? '' : source)
      .split(LITERAL)
      .join('')
      .replace(/\r\n?/g, '\n')
      .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, function (_, character) {
        literals.push(character);
        return LITERAL + (literals.length - 1) + LITERAL;
      });

    var blocks = [];
    var paragraph = [];
    var list = null;

    function flushParagraph() {
      if (paragraph.length > 0) blocks.push('<p>' + paragraph.join('<br>') + '</p>');
      paragraph = [];
    }
    function flushList() {
      if (list) blocks.push('<' + list.tag + '>' + list.items.join('') + '</' + list.tag + '>');
      list = null;
    }

    text.split('\n').forEach(function (line) {
      var bullet = /^\s*[-*]\s+(.*)$/.exec(line);
      var numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
      var item = bullet || numbered;
      if (item) {
        var tag = bullet ? 'ul' : 'ol';
        flushParagraph();
        if (list && list.tag !== tag) flushList();
        if (!list) list = { tag: tag, items: [] };
        list.items.push('<li>' + inline(item[1], literals) + '</li>');
      } else if (line.trim() === '') {
        flushParagraph();
        flushList();
      } else {
        flushList();
        paragraph.push(inline(line, literals));
      }
    });
    flushParagraph();
    flushList();
    return blocks.join('');
  }

  window.SandboxMarkdown = { render: render, escapeHtml: escapeHtml };
})();
