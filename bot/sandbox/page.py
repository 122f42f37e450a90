"""The sandbox page: plain HTML, CSS and JavaScript, kept in Python so packaging needs no data files.

The page polls ``/api/state`` for what the chosen member sees in the chosen channel and sends
every move (slash command, button, select, modal) to ``/api/act``. It holds no game logic: all of
that is the bot's, running in SimCord behind the API.
"""

from __future__ import annotations

PAGE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Astrolabe sandbox</title>
<link rel="stylesheet" href="/page.css">
</head>
<body data-busy="false">
<aside id="side">
  <h1 id="guild">Astrolabe Sandbox</h1>
  <h2>You are</h2>
  <div id="members"></div>
  <h2>Channels</h2>
  <nav id="channels"></nav>
  <p class="hint">The real Astrolabe bot in a simulated Discord. Nothing leaves this computer.</p>
</aside>
<main>
  <header id="title">Connecting&hellip;</header>
  <div id="messages" aria-live="polite"></div>
  <form id="composer" autocomplete="off">
    <select id="command" aria-label="Slash command"></select>
    <div id="options"></div>
    <button id="send" type="submit">Send</button>
  </form>
</main>
<div id="modal" hidden>
  <form id="modal-form">
    <h2 id="modal-title"></h2>
    <div id="modal-fields"></div>
    <div class="modal-buttons">
      <button type="button" id="modal-cancel">Cancel</button>
      <button type="submit" id="modal-submit">Submit</button>
    </div>
  </form>
</div>
<div id="toast" role="status" hidden></div>
<script type="module" src="/page.js"></script>
</body>
</html>
"""

PAGE_CSS = """
* { box-sizing: border-box; }
body { margin: 0; display: flex; height: 100vh; font: 15px/1.4 system-ui, sans-serif;
       background: #313338; color: #dbdee1; }
#side { width: 230px; flex: none; background: #2b2d31; padding: 12px; overflow-y: auto; }
#side h1 { font-size: 16px; color: #f2f3f5; margin: 4px 0 16px; }
#side h2 { font-size: 11px; text-transform: uppercase; color: #949ba4; margin: 16px 0 6px; }
#members { display: flex; flex-wrap: wrap; gap: 6px; }
.member { background: #404249; color: #dbdee1; border: 2px solid transparent; border-radius: 14px;
          padding: 3px 10px; cursor: pointer; }
.member.active { border-color: #5865f2; color: #fff; background: #5865f2; }
#channels button { display: block; width: 100%; text-align: left; background: none; border: 0;
                   color: #949ba4; padding: 6px 8px; border-radius: 4px; cursor: pointer; font-size: 15px; }
#channels button.thread { padding-left: 22px; }
#channels button.active, #channels button:hover { background: #404249; color: #f2f3f5; }
.hint { color: #949ba4; font-size: 12px; margin-top: 24px; }
main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
#title { padding: 12px 16px; border-bottom: 1px solid #1f2023; font-weight: 600; color: #f2f3f5; }
#messages { flex: 1; overflow-y: auto; padding: 8px 16px; }
.empty { color: #949ba4; padding: 24px 0; }
.message { padding: 6px 0; }
.message.ephemeral { background: #35373c; border-left: 2px solid #5865f2; padding-left: 8px; }
.author { font-weight: 600; color: #f2f3f5; }
.author.bot::after { content: "APP"; font-size: 10px; background: #5865f2; color: #fff;
                     border-radius: 3px; padding: 0 4px; margin-left: 6px; vertical-align: 2px; }
.time, .only-you { color: #949ba4; font-size: 12px; margin-left: 8px; }
.content { white-space: normal; overflow-wrap: anywhere; }
.content code { background: #1e1f22; padding: 0 3px; border-radius: 3px; }
.mention { background: #3c4270; color: #c9cdfb; border-radius: 3px; padding: 0 2px; text-decoration: none; }
.embed { background: #2b2d31; border-left: 4px solid #1e1f22; border-radius: 4px; padding: 8px 12px;
         margin-top: 6px; max-width: 620px; }
.embed-title { font-weight: 600; color: #f2f3f5; }
.fields { display: flex; flex-wrap: wrap; gap: 8px 24px; margin-top: 6px; }
.field { min-width: 150px; } .field.block { flex-basis: 100%; }
.field-name { font-weight: 600; font-size: 13px; color: #f2f3f5; }
.footer { font-size: 12px; color: #949ba4; margin-top: 6px; }
img.image { display: block; max-width: 100%; max-height: 460px; border-radius: 4px; margin-top: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
button.component { border: 0; border-radius: 4px; padding: 6px 14px; color: #fff; cursor: pointer;
                   font-size: 14px; background: #4e5058; }
button.component.primary { background: #5865f2; } button.component.success { background: #248046; }
button.component.danger { background: #da373c; } button.component.link { background: #4e5058; }
button.component:disabled { opacity: .5; cursor: not-allowed; }
select.component { background: #1e1f22; color: #dbdee1; border: 1px solid #1e1f22; border-radius: 4px;
                   padding: 6px; min-width: 280px; max-width: 100%; }
body[data-busy="true"] .component, body[data-busy="true"] #send { pointer-events: none; opacity: .6; }
#composer { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; padding: 12px 16px;
            background: #383a40; }
#composer select, #composer input, #modal input, #modal textarea {
  background: #1e1f22; color: #dbdee1; border: 1px solid #1e1f22; border-radius: 4px; padding: 7px;
  font: inherit; }
#command { min-width: 260px; }
#options { display: contents; }
label.option { display: flex; flex-direction: column; font-size: 12px; color: #b5bac1; gap: 2px; }
#send, #modal-submit { background: #5865f2; color: #fff; border: 0; border-radius: 4px; padding: 8px 18px;
                       cursor: pointer; font: inherit; }
#modal { position: fixed; inset: 0; background: rgba(0, 0, 0, .6); display: flex;
         align-items: center; justify-content: center; }
#modal[hidden] { display: none; }
#modal form { background: #313338; border-radius: 8px; padding: 16px 20px; width: 440px; max-width: 94vw;
              display: flex; flex-direction: column; gap: 12px; }
#modal h2 { margin: 0; font-size: 18px; color: #f2f3f5; }
.modal-buttons { display: flex; justify-content: flex-end; gap: 8px; }
#modal-cancel { background: none; color: #dbdee1; border: 0; cursor: pointer; font: inherit; }
#toast { position: fixed; bottom: 90px; left: 50%; transform: translateX(-50%); background: #111214;
         color: #f2f3f5; padding: 10px 16px; border-radius: 6px; max-width: 80vw; }
"""

PAGE_JS = r"""
const $ = (id) => document.getElementById(id);
const view = {
  as: "ada", channel: "", last: "", commandsKey: "", state: null, busy: false, modal: null, asked: 0,
};

function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function escapeHtml(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  return String(text).replace(/[&<>"']/g, (c) => entities[c]);
}

// Discord's markdown, the small part the bot uses; the text is escaped first.
function markdown(text) {
  const names = view.state.names;
  let html = escapeHtml(text || "");
  const name = (id, missing) => escapeHtml(names[id] || missing);
  html = html.replace(/&lt;@!?(\d+)&gt;/g,
    (_, id) => `<span class="mention">@${name(id, "unknown user")}</span>`);
  html = html.replace(/&lt;#(\d+)&gt;/g,
    (_, id) => `<a href="#" class="mention" data-goto="${id}">#${name(id, "deleted channel")}</a>`);
  html = html.replace(/\*\*(.+?)\*\*/gs, "<strong>$1</strong>").replace(/__(.+?)__/gs, "<u>$1</u>");
  html = html.replace(/(^|[^*])\*([^*\n]+)\*/g, "$1<em>$2</em>").replace(/`([^`\n]+)`/g, "<code>$1</code>");
  return html.replace(/\n/g, "<br>");
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Sandbox": "1" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  view.as = params.get("as") || "ada";
  view.channel = params.get("channel") || "";
}

async function refresh(force = false) {
  const asked = ++view.asked;  // only the newest answer counts: a slow poll must not undo a switch
  let text;
  try {
    const query = `as=${encodeURIComponent(view.as)}&channel=${encodeURIComponent(view.channel)}`;
    text = JSON.stringify(await api(`/api/state?${query}`));
    document.body.dataset.connected = "yes";
  } catch (error) {
    document.body.dataset.connected = "no";
    toast("The sandbox is not answering. Is it still running?");
    return;
  }
  if (asked !== view.asked || (!force && text === view.last)) return;
  view.last = text;
  view.state = JSON.parse(text);
  view.as = view.state.member;
  view.channel = view.state.channel;
  history.replaceState(null, "", `#as=${view.as}&channel=${view.channel}`);
  render();
}

async function poll() {
  if (!view.busy) await refresh();
  setTimeout(poll, 1000);
}

function switchTo(member, channel) {
  if (member === view.as && channel === view.channel) return;
  if (member !== view.as) closeModal();
  view.as = member;
  view.channel = channel;
  view.scrollDown = true;
  refresh(true);
}

function render() {
  const s = view.state;
  $("guild").textContent = s.guild;
  $("members").replaceChildren(...s.members.map((m) => {
    const button = el("button", `member${m.key === s.member ? " active" : ""}`, m.name);
    button.dataset.member = m.key;
    button.onclick = () => switchTo(m.key, view.channel);
    return button;
  }));
  $("channels").replaceChildren(...s.channels.map((c) => {
    const label = c.kind === "dm" ? `\u2709 ${c.name}${c.count ? ` (${c.count})` : ""}`
      : c.kind === "thread" ? `\u21b3 ${c.name}` : `# ${c.name}`;
    const button = el("button", `${c.kind}${c.key === s.channel ? " active" : ""}`, label);
    button.dataset.channel = c.key;
    button.onclick = () => switchTo(view.as, c.key);
    return button;
  }));
  const current = s.channels.find((c) => c.key === s.channel);
  const me = s.members.find((m) => m.key === s.member).name;
  $("title").textContent = current.kind === "dm" ? `Direct messages with Astrolabe \u00b7 as ${me}`
    : `${current.kind === "thread" ? "\u21b3" : "#"} ${current.name} \u00b7 as ${me}`;
  renderMessages(s.messages);
  renderCommands(s.commands);
}

function renderMessages(messages) {
  const box = $("messages");
  const atBottom = view.scrollDown || box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  view.scrollDown = false;
  box.replaceChildren(...messages.map(renderMessage));
  if (!messages.length) box.append(el("p", "empty", "No messages yet. Pick /play below to open a lobby."));
  if (atBottom) {
    box.scrollTop = box.scrollHeight;
    const down = () => { box.scrollTop = box.scrollHeight; };
    for (const img of box.querySelectorAll("img")) img.addEventListener("load", down);
  }
}

function renderMessage(m) {
  const node = el("article", `message${m.ephemeral ? " ephemeral" : ""}`);
  node.dataset.id = m.id;
  const head = el("div");
  head.append(el("span", `author${m.bot ? " bot" : ""}`, m.author),
    el("span", "time", new Date(m.time).toLocaleTimeString()));
  if (m.ephemeral) head.append(el("span", "only-you", "Only you can see this"));
  node.append(head);
  if (m.content) {
    const content = el("div", "content");
    content.innerHTML = markdown(m.content);
    node.append(content);
  }
  for (const e of m.embeds) node.append(renderEmbed(e));
  for (const src of m.images) node.append(image(src));
  for (const row of m.rows) node.append(renderRow(m, row));
  return node;
}

function image(src) {
  const img = el("img", "image");
  img.src = src;
  img.alt = "image from the bot";
  return img;
}

function renderEmbed(e) {
  const box = el("div", "embed");
  if (e.colour) box.style.borderLeftColor = e.colour;
  if (e.title) box.append(el("div", "embed-title", e.title));
  if (e.description) {
    const text = el("div", "content");
    text.innerHTML = markdown(e.description);
    box.append(text);
  }
  if (e.fields.length) {
    const fields = el("div", "fields");
    for (const f of e.fields) {
      const field = el("div", `field${f.inline ? "" : " block"}`);
      const value = el("div", "content");
      value.innerHTML = markdown(f.value);
      field.append(el("div", "field-name", f.name), value);
      fields.append(field);
    }
    box.append(fields);
  }
  if (e.image) box.append(image(e.image));
  if (e.footer) box.append(el("div", "footer", e.footer));
  return box;
}

function renderRow(message, row) {
  const box = el("div", "row");
  for (const c of row) {
    if (c.type === "button") {
      const button = el("button", `component ${c.style}`, `${c.emoji ? `${c.emoji} ` : ""}${c.label || ""}`);
      button.type = "button";
      button.disabled = c.disabled;
      button.dataset.customId = c.custom_id || "";
      button.onclick = c.url ? () => window.open(c.url, "_blank", "noopener")
        : () => act({ kind: "click", message: message.id, custom_id: c.custom_id });
      box.append(button);
    } else if (c.type === "select") {
      const select = el("select", "component");
      select.dataset.customId = c.custom_id;
      select.disabled = c.disabled;
      select.multiple = c.max > 1;
      if (!select.multiple) {
        const placeholder = new Option(c.placeholder || "Make a selection", "", true, true);
        placeholder.disabled = true;
        select.add(placeholder);
      }
      for (const o of c.options) {
        select.add(new Option(o.description ? `${o.label} \u2014 ${o.description}` : o.label, o.value));
      }
      const send = () => act({ kind: "select", message: message.id, custom_id: c.custom_id,
        values: [...select.selectedOptions].map((o) => o.value) });
      box.append(select);
      if (select.multiple) {
        const done = el("button", "component primary", "Choose");
        done.type = "button";
        done.onclick = send;
        box.append(done);
      } else {
        select.onchange = send;
      }
    } else {
      box.append(el("span", "footer", `(${c.name}: not shown by the sandbox page)`));
    }
  }
  return box;
}

function renderCommands(commands) {
  const key = JSON.stringify(commands);
  if (key === view.commandsKey) return;
  view.commandsKey = key;
  const select = $("command");
  const chosen = select.value;
  select.replaceChildren(new Option("Pick a slash command\u2026", ""),
    ...commands.map((c) => new Option(`/${c.name} \u2014 ${c.description}`, c.name)));
  select.value = commands.some((c) => c.name === chosen) ? chosen : "";
  renderOptions();
}

function renderOptions() {
  const spec = view.state.commands.find((c) => c.name === $("command").value);
  $("options").replaceChildren(...(spec ? spec.options.map(optionField) : []));
}

function optionField(o) {
  const label = el("label", "option");
  label.append(el("span", "", o.required ? o.name : `${o.name} (optional)`));
  let input;
  const pick = (choices) => {
    input = el("select");
    if (!o.required) input.add(new Option("\u2014", ""));
    for (const [text, value] of choices) input.add(new Option(text, value));
  };
  if (o.choices.length) pick(o.choices.map((c) => [c.name, c.value]));
  else if (o.type === "user" || o.type === "mentionable") pick(view.state.members.map((m) => [m.name, m.id]));
  else if (o.type === "boolean") pick([["True", "true"], ["False", "false"]]);
  else {
    input = el("input");
    input.type = o.type === "integer" || o.type === "number" ? "number" : "text";
    input.placeholder = o.description;
  }
  input.dataset.option = o.name;
  input.title = o.description;
  label.append(input);
  return label;
}

async function act(move) {
  if (view.busy) return;
  view.busy = true;
  document.body.dataset.busy = "true";
  try {
    const result = await api("/api/act", { as: view.as, channel: view.channel, ...move });
    if (result.modal) openModal(result.modal);
  } catch (error) {
    toast(error.message);
  } finally {
    view.busy = false;
    document.body.dataset.busy = "false";
    view.scrollDown = true;
    await refresh(true);
  }
}

function openModal(modal) {
  view.modal = modal;
  $("modal-title").textContent = modal.title || "Form";
  const fields = [];
  modalFields(modal.components, fields, null);
  $("modal-fields").replaceChildren(...fields);
  $("modal").hidden = false;
  $("modal-fields").querySelector("input, textarea")?.focus();
}

function modalFields(components, out, label) {
  for (const c of components || []) {
    if (c.type === 1) modalFields(c.components, out, null);
    else if (c.type === 18) modalFields([c.component], out, c);
    else if (c.type === 4) {
      const box = el("label", "option");
      box.append(el("span", "", (label && label.label) || c.label || c.custom_id));
      const input = el(c.style === 2 ? "textarea" : "input");
      input.dataset.field = c.custom_id;
      input.placeholder = c.placeholder || "";
      input.value = c.value || "";
      if (c.min_length) input.minLength = c.min_length;
      if (c.max_length) input.maxLength = c.max_length;
      input.required = c.required !== false;
      box.append(input);
      out.push(box);
    } else if (c.type === 10) out.push(el("p", "", c.content || ""));
    else out.push(el("p", "footer", "(a field the sandbox page can't show)"));
  }
}

function closeModal() {
  view.modal = null;
  $("modal").hidden = true;
}

let toastTimer = 0;
function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

$("command").onchange = renderOptions;
$("composer").onsubmit = (event) => {
  event.preventDefault();
  const name = $("command").value;
  if (!name) { toast("Pick a slash command first."); return; }
  const options = {};
  for (const field of $("options").querySelectorAll("[data-option]")) {
    options[field.dataset.option] = field.value;
  }
  act({ kind: "slash", command: name, options });
};
$("modal-form").onsubmit = (event) => {
  event.preventDefault();
  const values = {};
  for (const field of $("modal-fields").querySelectorAll("[data-field]")) {
    values[field.dataset.field] = field.value;
  }
  const token = view.modal.token;
  closeModal();
  act({ kind: "modal", modal: token, values });
};
$("modal-cancel").onclick = closeModal;
$("messages").onclick = (event) => {
  const link = event.target.closest("[data-goto]");
  if (!link) return;
  event.preventDefault();
  if (view.state.channels.some((c) => c.key === link.dataset.goto)) switchTo(view.as, link.dataset.goto);
};
window.addEventListener("hashchange", () => { readHash(); refresh(true); });
readHash();
poll();
"""
