// The one place that talks to execd: the token and the conversation live here, fetch
// sends them as headers, EventSource and WebSocket (which cannot send headers) as query
// parameters.
const TOKEN = 'execd.token';
const CONVERSATION = 'execd.conversation';

/** Thrown when the server wants a token (401): the page then asks for one. */
export class Unauthorized extends Error {}

export function token() {
  return sessionStorage.getItem(TOKEN) || '';
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN, value);
  else sessionStorage.removeItem(TOKEN);
}

export function conversation() {
  return sessionStorage.getItem(CONVERSATION) || 'default';
}

export function setConversation(value) {
  sessionStorage.setItem(CONVERSATION, value || 'default');
}

function headers(extra) {
  const result = { 'X-Conversation-Id': conversation(), ...extra };
  if (token()) result.Authorization = `Bearer ${token()}`;
  return result;
}

async function send(method, path, body) {
  const init = { method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  if (response.status === 401) throw new Unauthorized('a valid token is required');
  return response;
}

/** A JSON call; a problem answer becomes an Error with its detail. */
export async function call(method, path, body) {
  const response = await send(method, path, body);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(data && data.detail ? `${data.code}: ${data.detail}` : `${method} ${path}: ${response.status}`);
  }
  return data;
}

/** The raw bytes of a path, for downloads that must carry the bearer header. */
export async function blob(path) {
  const response = await send('GET', path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.blob();
}

/** An EventSource on this conversation; the token goes in the query, as execd allows for SSE only. */
export function stream(path, params = {}) {
  const query = new URLSearchParams({ ...params, conversation_id: conversation() });
  if (token()) query.set('access_token', token());
  return new EventSource(`${path}?${query}`);
}

/**
 * A WebSocket on this conversation (the attach channel); like EventSource it cannot send
 * headers, so the token and the conversation go in the query, as execd allows there.
 */
export function socket(path, params = {}) {
  const query = new URLSearchParams({ ...params, conversation_id: conversation() });
  if (token()) query.set('access_token', token());
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocket(`${scheme}//${window.location.host}${path}?${query}`);
}

export function sessionPath(id, tail = '') {
  return `/sessions/${encodeURIComponent(id)}${tail}`;
}

/**
 * The events of a stream from an offset until one ends at or past `until` (its id is the
 * offset after it), read with fetch so it carries the bearer header and stops there.
 * Calls onEvent(name, id, data) for each; an `exit` also ends the read.
 */
export async function streamRange(path, params, until, onEvent) {
  const query = new URLSearchParams(params);
  const abort = new AbortController();
  const response = await fetch(`${path}?${query}`,
    { headers: headers({ Accept: 'text/event-stream' }), signal: abort.signal });
  if (response.status === 401) throw new Unauthorized('a valid token is required');
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        let name = 'message';
        let id = null;
        const data = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('id:')) id = line.slice(3).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length === 0) continue;
        onEvent(name, id, data.join('\n'));
        if (name === 'exit' || (id !== null && Number(id) >= until)) return;
      }
    }
  } finally {
    abort.abort();
  }
}
