/*
 * The sidebar: who you are (the demo people) and the rooms you are in, with flags for rooms the
 * bot ignores (not approved) and a section for the broadcast rooms. Also small shared helpers.
 */
(function () {
  'use strict';

  var ICONS = {
    group: '<svg viewBox="0 0 20 20"><path d="M7.5 3 6 17M14 3l-1.5 14M3.5 7.5h14M2.5 12.5h14"/></svg>',
    direct:
      '<svg viewBox="0 0 20 20"><path d="M4 4.5h12a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5H9l-4 3v-3H4A1.5 1.5 0 0 1 2.5 13V6A1.5 1.5 0 0 1 4 4.5z"/></svg>',
    broadcast: '<svg viewBox="0 0 20 20"><path d="M3 8v4h3l6 4V4L6 8H3zM15 7.5a3.5 3.5 0 0 1 0 5"/></svg>',
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function initials(name) {
    var parts = String(name || '?').trim().split(/\s+/);
    return ((parts[0] || '?').charAt(0) + (parts.length > 1 ? parts[parts.length - 1].charAt(0) : '')).toUpperCase();
  }

  /** POST a JSON body; resolves with the JSON answer, rejects with the server's message. */
  function postJson(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body || {}),
    }).then(function (response) {
      return response.json().then(function (payload) {
        if (!response.ok) throw new Error(payload.error || 'HTTP ' + response.status);
        return payload;
      });
    });
  }

  function toast(text, kind) {
    var node = el('div', 'toast ' + (kind || ''), text);
    node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    document.getElementById('toasts').appendChild(node);
    setTimeout(function () {
      node.remove();
    }, 4500);
  }

  function item(child) {
    var li = el('li');
    li.appendChild(child);
    return li;
  }

  function personButton(person, view) {
    var selected = person.id === view.meId;
    var button = el('button', 'person' + (selected ? ' selected' : ''));
    button.type = 'button';
    button.setAttribute('aria-pressed', String(selected));
    button.dataset.personId = person.id;
    var badge = el('span', 'avatar small', initials(person.displayName));
    badge.style.setProperty('--hue', String(view.hueOf(person.id)));
    var text = el('span', 'person-text');
    text.appendChild(el('span', 'person-name', person.displayName));
    text.appendChild(el('span', 'person-email', person.email));
    button.append(badge, text);
    button.addEventListener('click', function () {
      view.onPerson(person.id);
    });
    return item(button);
  }

  function roomButton(room, view) {
    var selected = room.id === view.roomId;
    var button = el('button', 'room' + (selected ? ' selected' : ''));
    button.type = 'button';
    button.dataset.roomId = room.id;
    button.setAttribute('aria-current', selected ? 'true' : 'false');
    var icon = el('span', 'room-icon');
    icon.innerHTML = room.broadcast ? ICONS.broadcast : room.type === 'direct' ? ICONS.direct : ICONS.group;
    icon.setAttribute('aria-hidden', 'true');
    button.appendChild(icon);
    button.appendChild(el('span', 'room-title', room.type === 'direct' ? room.title + ' (direct)' : room.title));
    if (!room.approved && !room.broadcast) button.appendChild(el('span', 'tag muted', 'not approved'));
    if (view.unread[room.id]) button.appendChild(el('span', 'unread', String(view.unread[room.id])));
    button.addEventListener('click', function () {
      view.onRoom(room.id);
    });
    return item(button);
  }

  /**
   * view: { people, rooms (visible to the selected person), meId, roomId, unread, hueOf,
   *         onPerson(personId), onRoom(roomId) }
   */
  function renderSidebar(view) {
    var people = document.getElementById('people');
    people.replaceChildren.apply(
      people,
      view.people.map(function (person) {
        return personButton(person, view);
      }),
    );
    var lists = { chat: [], broadcast: [] };
    view.rooms.forEach(function (room) {
      lists[room.broadcast ? 'broadcast' : 'chat'].push(roomButton(room, view));
    });
    var rooms = document.getElementById('rooms');
    rooms.replaceChildren.apply(rooms, lists.chat);
    var broadcast = document.getElementById('broadcast-rooms');
    broadcast.replaceChildren.apply(broadcast, lists.broadcast);
  }

  window.Sandbox = { el: el, initials: initials, postJson: postJson, toast: toast, renderSidebar: renderSidebar };
})();
