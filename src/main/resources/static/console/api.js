// The one place that talks to execd: the token and the conversation live here, fetch
// sends them as headers, EventSource (which cannot send headers) as query parameters.
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

export function sessionPath(id, tail = '') {
  return `/sessions/${encodeURIComponent(id)}${tail}`;
}
