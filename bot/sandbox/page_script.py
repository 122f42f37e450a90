"""The sandbox page's behaviour: the JavaScript that polls the state and sends every move.

It polls ``/api/state`` for what the chosen member sees in the chosen channel, draws it (messages,
embeds, Components V2 cards, images, buttons, selects, the slash-command composer and modals) and
sends every move to ``/api/act``. It holds no game logic: all of that is the bot's, running in
SimCord behind the API. Kept in Python beside the markup (``bot.sandbox.page``) so packaging needs
no data files; how text, markdown and times are written is ``bot.sandbox.page_text``.
"""

from __future__ import annotations

from bot.sandbox.page_text import TEXT_JS
from bot.sandbox.page_widgets import WIDGETS_JS

PAGE_JS = (
    TEXT_JS
    + WIDGETS_JS
    + r"""
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
    const answer = await api(`/api/state?${query}`);
    setSandboxNow(answer.now);  // the clock moves every poll; only the rest is compared below
    delete answer.now;
    text = JSON.stringify(answer);
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
  showSide(false);
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
    const button = el("button", `member${m.key === s.member ? " active" : ""}`,
      m.admin ? `${m.name} \u2699` : m.name);
    if (m.admin) button.title = "Manage Server and Manage Events";
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
  $("title").textContent = current.kind === "dm" ? `\u2709 Direct messages \u00b7 as ${me}`
    : `${current.kind === "thread" ? "\u21b3" : "#"} ${current.name} \u00b7 as ${me}`;
  $("events").replaceChildren(...s.events.map(renderEvent));
  $("events-head").hidden = !s.events.length;
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
    el("span", "time", messageDate(m.time)));
  head.lastChild.title = new Date(m.time).toLocaleString(undefined, TIME_STYLES.F);
  if (m.ephemeral) head.append(el("span", "only-you", "Only you can see this"));
  node.append(head);
  if (m.content) {
    const content = el("div", "content");
    content.innerHTML = markdown(m.content, view.state);
    node.append(content);
  }
  for (const e of m.embeds) node.append(renderEmbed(e));
  const inCards = new Set();
  for (const card of m.cards) node.append(renderCard(m, card, inCards));
  for (const src of m.images) node.append(image(src));
  for (const file of m.files) node.append(fileLink(file));
  if (m.poll) node.append(renderPoll(m, m.poll));
  m.rows.forEach((row, index) => { if (!inCards.has(index)) node.append(renderRow(m, row)); });
  return node;
}

// A Components V2 card: its parts in order, its action rows inside it (``inCards`` notes them).
function renderCard(m, card, inCards) {
  const box = el("div", "embed card");
  if (card.colour) box.style.borderLeftColor = card.colour;
  const text = (content, className = "content") => {
    const node = el("div", className);
    node.innerHTML = markdown(content, view.state);
    return node;
  };
  for (const part of card.parts) {
    if (part.type === "text") box.append(text(part.content));
    else if (part.type === "gallery") for (const src of part.images) box.append(image(src));
    else if (part.type === "separator") box.append(el(part.divider ? "hr" : "div", "separator"));
    else if (part.type === "section") {
      const section = el("div", "row");
      const words = el("div");
      for (const content of part.texts) words.append(text(content));
      section.append(words);
      if (part.image) section.append(image(part.image));
      if (part.row !== undefined) { inCards.add(part.row); section.append(renderRow(m, m.rows[part.row])); }
      box.append(section);
    } else if (part.type === "row") { inCards.add(part.row); box.append(renderRow(m, m.rows[part.row])); }
    else box.append(el("div", "footer", `(${part.name}: not shown by the sandbox page)`));
  }
  return box;
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
    text.innerHTML = markdown(e.description, view.state);
    box.append(text);
  }
  if (e.fields.length) {
    const fields = el("div", "fields");
    for (const f of e.fields) {
      const field = el("div", `field${f.inline ? "" : " block"}`);
      const value = el("div", "content");
      value.innerHTML = markdown(f.value, view.state);
      field.append(el("div", "field-name", f.name), value);
      fields.append(field);
    }
    box.append(fields);
  }
  if (e.image) box.append(image(e.image));
  if (e.footer) box.append(el("div", "footer", e.footer));
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
$("composer").onsubmit = async (event) => {
  event.preventDefault();
  const name = $("command").value;
  if (!name) { toast("Pick a slash command first."); return; }
  act({ kind: "slash", command: name, options: await readOptions($("options")) });
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
// A link button: one of the sandbox's channels switches to it, like a link in the text.
function openLink(url) {
  const box = document.createElement("div");
  box.innerHTML = linkHtml(escapeHtml(url), "", view.state);
  const goto = box.firstChild.dataset.goto;
  if (goto) switchTo(view.as, goto);
  else window.open(url, "_blank", "noopener");
}
// On a phone the sidebar folds away; the menu button opens it over the messages.
function showSide(open) {
  document.body.dataset.side = open ? "open" : "closed";
  $("menu").setAttribute("aria-expanded", String(open));
}
$("menu").onclick = () => showSide(document.body.dataset.side !== "open");
$("backdrop").onclick = () => showSide(false);
document.addEventListener("keydown", (event) => { if (event.key === "Escape") showSide(false); });
setInterval(() => tickTimestamps(), 1000);
window.addEventListener("hashchange", () => { readHash(); refresh(true); });
readHash();
poll();
"""
)
