/*
 * The sandbox chat page: pick who you are and a room, talk to the bot, click its cards.
 * State comes from GET /api/state, live changes from the server-sent events at /api/events.
 */
(function () {
  'use strict';

  var render = window.SandboxRender;
  var el = Sandbox.el;
  var postJson = Sandbox.postJson;
  var toast = Sandbox.toast;
  var $ = function (id) {
    return document.getElementById(id);
  };

  var state = {
    bot: null,
    people: [],
    rooms: [],
    messages: {},
    connection: 'connecting',
    streamOpen: false,
    everConnected: false,
    meId: null,
    roomId: null,
    unread: {},
  };

  var CONNECTION_LABELS = {
    connected: 'Connected',
    connecting: 'Connecting…',
    disconnected: 'Reconnecting…',
    stopped: 'Stopped',
  };

  // ---- talking to the sandbox server -------------------------------------------------------

  function loadState() {
    return fetch('/api/state')
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (snapshot) {
        state.bot = snapshot.bot;
        state.people = snapshot.people;
        state.rooms = snapshot.rooms;
        state.messages = snapshot.messages;
        state.connection = snapshot.connection;
        restoreSelection();
        renderAll();
      });
  }

  function openEvents() {
    var events = new EventSource('/api/events');
    // Every (re)connection reloads the whole state, so nothing sent while the stream was down is missed.
    events.addEventListener('open', function () {
      state.streamOpen = true;
      loadState().catch(function (error) {
        showError(new Error('Could not load the sandbox state: ' + error.message));
      });
    });
    events.addEventListener('error', function () {
      state.streamOpen = false;
      renderConnection();
    });
    events.addEventListener('message', function (event) {
      if (state.bot) addMessage(JSON.parse(event.data));
    });
    events.addEventListener('deleted', function (event) {
      var gone = JSON.parse(event.data);
      var list = state.messages[gone.roomId] || [];
      state.messages[gone.roomId] = list.filter(function (message) {
        return message.id !== gone.messageId;
      });
      var node = document.querySelector('[data-message-id="' + CSS.escape(gone.messageId) + '"]');
      if (node) node.remove();
    });
    events.addEventListener('connection', function (event) {
      state.connection = JSON.parse(event.data).state;
      renderConnection();
    });
  }

  // ---- selection ----------------------------------------------------------------------------

  function me() {
    return state.people.find(function (person) {
      return person.id === state.meId;
    });
  }

  function roomById(id) {
    return state.rooms.find(function (room) {
      return room.id === id;
    });
  }

  function visibleRooms() {
    return state.rooms.filter(function (room) {
      return room.memberIds.indexOf(state.meId) >= 0;
    });
  }

  function restoreSelection() {
    var savedMe = localStorage.getItem('sandbox.me');
    var savedRoom = localStorage.getItem('sandbox.room');
    if (!me()) {
      var byEmail = state.people.find(function (person) {
        return person.email === savedMe;
      });
      state.meId = (byEmail || state.people[0]).id;
    }
    var rooms = visibleRooms();
    if (!roomById(state.roomId) || rooms.indexOf(roomById(state.roomId)) < 0) {
      var byTitle = rooms.find(function (room) {
        return room.title === savedRoom && room.type === 'group';
      });
      state.roomId = (byTitle || rooms[0]).id;
    }
  }

  function selectPerson(personId) {
    var previousRoom = roomById(state.roomId);
    state.meId = personId;
    localStorage.setItem('sandbox.me', me().email);
    if (previousRoom && previousRoom.type === 'direct') {
      state.roomId = visibleRooms().find(function (room) {
        return room.type === 'direct';
      }).id;
    }
    renderAll();
  }

  function selectRoom(roomId) {
    state.roomId = roomId;
    state.unread[roomId] = 0;
    localStorage.setItem('sandbox.room', roomById(roomId).title);
    renderAll();
    $('composer-text').focus();
  }

  // ---- rendering ----------------------------------------------------------------------------

  function hueOf(personId) {
    var index = state.people.findIndex(function (person) {
      return person.id === personId;
    });
    return [212, 152, 28, 280, 340][index % 5] || 212;
  }

  function renderConnection() {
    var badge = $('connection');
    var shown = state.streamOpen ? state.connection : 'offline';
    if (shown === 'connected') state.everConnected = true;
    var label = shown === 'connecting' && state.everConnected ? CONNECTION_LABELS.disconnected : CONNECTION_LABELS[shown];
    badge.dataset.state = shown;
    badge.textContent = state.streamOpen ? label || shown : 'Page offline – retrying…';
    badge.title = state.streamOpen ? "The bot's WebSocket to the platform" : 'The page lost its link to the sandbox process';
  }

  function renderSidebar() {
    Sandbox.renderSidebar({
      people: state.people,
      rooms: visibleRooms(),
      meId: state.meId,
      roomId: state.roomId,
      unread: state.unread,
      hueOf: hueOf,
      onPerson: selectPerson,
      onRoom: selectRoom,
    });
  }

  function roomNote(room) {
    if (room.broadcast) return (room.description ? room.description + '. ' : '') + 'The bot posts broadcasts here; it does not take commands here.';
    if (room.type === 'direct') return 'Your direct conversation with the bot.';
    if (!room.approved) return 'Not on the approved-room list: the bot stays silent here. Try it.';
    return 'Approved group room. The page mentions the bot for you, as you would in Webex.';
  }

  function renderConversation() {
    var room = roomById(state.roomId);
    $('room-title').textContent = room.type === 'direct' ? room.title + ' (direct)' : room.title;
    $('room-note').textContent = roomNote(room);
    $('composer-text').placeholder = 'Message ' + room.title + ' as ' + me().displayName;
    var list = $('messages');
    list.replaceChildren();
    var messages = state.messages[room.id] || [];
    if (messages.length === 0) {
      var empty = el('li', 'empty');
      empty.appendChild(el('p', 'empty-title', 'No messages yet'));
      empty.appendChild(
        el('p', 'empty-hint', room.broadcast ? 'Start a broadcast from an approved room to see the bot post here.' : 'Type “testbed” below to open the menu.'),
      );
      list.appendChild(empty);
    }
    messages.forEach(function (message) {
      list.appendChild(render.messageElement(message, messageContext()));
    });
    list.scrollTop = list.scrollHeight;
  }

  function messageContext() {
    return {
      meId: state.meId,
      botName: state.bot.displayName,
      hueOf: hueOf,
      onSubmit: function (message, inputs) {
        return postJson('/api/submit', { personId: state.meId, messageId: message.id, inputs: inputs });
      },
    };
  }

  function renderAll() {
    document.title = state.bot.displayName + ' · sandbox';
    $('bot-name').textContent = state.bot.displayName;
    renderConnection();
    renderSidebar();
    renderConversation();
  }

  function addMessage(message) {
    var list = state.messages[message.roomId] || (state.messages[message.roomId] = []);
    var known = list.some(function (candidate) {
      return candidate.id === message.id;
    });
    if (known) return;
    list.push(message);
    if (message.roomId === state.roomId) {
      var pane = $('messages');
      var empty = pane.querySelector('.empty');
      if (empty) empty.remove();
      var wasNearEnd = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 160;
      pane.appendChild(render.messageElement(message, messageContext()));
      if (wasNearEnd || message.personId === state.meId) pane.scrollTop = pane.scrollHeight;
    } else {
      state.unread[message.roomId] = (state.unread[message.roomId] || 0) + 1;
      renderSidebar();
    }
  }

  // ---- controls -----------------------------------------------------------------------------

  function showError(error) {
    toast(error.message || String(error), 'error');
  }

  function send(text) {
    var value = text.trim();
    if (!value) return Promise.resolve();
    return postJson('/api/say', { personId: state.meId, roomId: state.roomId, text: value });
  }

  function wireControls() {
    var form = $('composer');
    var input = $('composer-text');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var text = input.value;
      input.value = '';
      send(text).catch(function (error) {
        input.value = text;
        showError(error);
      });
    });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    document.querySelectorAll('[data-quick]').forEach(function (button) {
      button.addEventListener('click', function () {
        send(button.dataset.quick).catch(showError);
      });
    });
    $('drop-socket').addEventListener('click', function () {
      var button = $('drop-socket');
      button.disabled = true;
      postJson('/api/drop-socket')
        .then(function () {
          toast("The bot's socket was closed (1011). Watch it reconnect.");
        })
        .catch(showError)
        .finally(function () {
          setTimeout(function () {
            button.disabled = false;
          }, 1200);
        });
    });
  }

  wireControls();
  openEvents();
})();
