"""The sandbox page's widgets, in JavaScript: action rows (buttons, selects that show their current
value), a native poll you can vote in, downloadable files, the server's scheduled events, and the
slash-command fields, a file picker for attachment options included.

Kept apart from ``bot.sandbox.page_script`` (polling, messages, the composer and modals) so each
stays short; the server sends them as one script, so these functions are its globals.
"""

from __future__ import annotations

WIDGETS_JS = r"""
function renderRow(message, row) {
  const box = el("div", "row");
  for (const c of row) {
    if (c.type === "button") {
      const button = el("button", `component ${c.style}`, `${c.emoji ? `${c.emoji} ` : ""}${c.label || ""}`);
      button.type = "button";
      button.disabled = c.disabled;
      button.dataset.customId = c.custom_id || "";
      button.onclick = c.url ? () => openLink(c.url)
        : () => act({ kind: "click", message: message.id, custom_id: c.custom_id });
      box.append(button);
    } else if (c.type === "select") {
      box.append(...renderSelect(message, c));
    } else {
      box.append(el("span", "footer", `(${c.name}: not shown by the sandbox page)`));
    }
  }
  return box;
}

// A select shows what is chosen (its default options), as Discord does; the placeholder only
// when nothing is.
function renderSelect(message, c) {
  const select = el("select", "component");
  select.dataset.customId = c.custom_id;
  select.disabled = c.disabled;
  select.multiple = c.max > 1;
  const chosen = c.options.some((o) => o.default);
  if (!select.multiple) {
    const placeholder = new Option(c.placeholder || "Make a selection", "", !chosen, !chosen);
    placeholder.disabled = true;
    select.add(placeholder);
  }
  for (const o of c.options) {
    const label = o.description ? `${o.label} \u2014 ${o.description}` : o.label;
    select.add(new Option(label, o.value, o.default, o.default));
  }
  const send = () => act({ kind: "select", message: message.id, custom_id: c.custom_id,
    values: [...select.selectedOptions].map((o) => o.value) });
  if (!select.multiple) {
    select.onchange = send;
    return [select];
  }
  const done = el("button", "component primary", "Choose");
  done.type = "button";
  done.onclick = send;
  return [select, done];
}

// A native poll: each answer is a button with its votes and a bar; it closes at its end.
function renderPoll(message, poll) {
  const box = el("div", "embed poll");
  box.append(el("div", "embed-title", poll.question));
  for (const a of poll.answers) {
    const share = poll.total ? Math.round((100 * a.votes) / poll.total) : 0;
    const answer = el("button", "poll-answer", `${a.emoji ? `${a.emoji} ` : ""}${a.text}`);
    answer.type = "button";
    answer.disabled = poll.closed;
    answer.append(el("span", "votes", `${a.votes} \u00b7 ${share}%`));
    answer.style.setProperty("--share", `${share}%`);
    answer.onclick = () => act({ kind: "vote", message: message.id, answer: a.id });
    box.append(answer);
  }
  const votes = `${poll.total} vote${poll.total === 1 ? "" : "s"}`;
  const footer = el("div", "footer");
  footer.innerHTML = poll.closed ? `${votes} \u00b7 Poll closed`
    : `${votes} \u00b7 ${poll.expires ? `ends ${timestampHtml(poll.expires, "R")}` : "open"}`;
  box.append(footer);
  return box;
}

function fileLink(file) {
  const link = el("a", "file", `\u2193 ${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`);
  link.href = file.url;
  link.download = file.name;
  return link;
}

// A scheduled event, as Discord lists them above the channels: when, where, who is interested.
function renderEvent(e) {
  const box = el("div", `event ${e.status}`);
  box.append(el("div", "event-name", e.name));
  const when = el("div", "footer");
  when.innerHTML = `${e.status === "scheduled" ? "" : `${e.status} \u00b7 `}${timestampHtml(e.start, "f")}`
    + (e.location ? ` \u00b7 ${markdown(e.location, view.state)}` : "");
  box.append(when);
  if (e.description) {
    const words = el("div", "content");
    words.innerHTML = markdown(e.description, view.state);
    box.append(words);
  }
  const interested = el("button", `component ${e.mine ? "success" : "secondary"}`,
    `${e.mine ? "\u2713 " : ""}Interested (${e.interested})`);
  interested.type = "button";
  interested.disabled = e.status === "completed" || e.status === "cancelled";
  interested.onclick = () => act({ kind: "interest", event: e.id });
  box.append(interested);
  return box;
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
    input.type = o.type === "attachment" ? "file"
      : o.type === "integer" || o.type === "number" ? "number" : "text";
    if (o.type !== "attachment") input.placeholder = o.description;
  }
  input.dataset.option = o.name;
  input.title = o.description;
  label.append(input);
  return label;
}

// The composer's values; a file field sends its file's name and bytes (base64).
async function readOptions(box) {
  const options = {};
  for (const field of box.querySelectorAll("[data-option]")) {
    if (field.type !== "file") { options[field.dataset.option] = field.value; continue; }
    const file = field.files[0];
    if (!file) continue;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    options[field.dataset.option] = { filename: file.name, data: btoa(binary) };
  }
  return options;
}
"""
