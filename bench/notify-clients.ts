/*
 * The agents of the notify bench, in their own process so the server's event loop is measured,
 * not the clients'. Each visitor message carries its send time (epoch ms); the delay is
 * taken on arrival. Talks to the parent over IPC: {connect} -> {ready}; {finish} -> {delays}.
 * {connect-raw} opens plain TCP connections instead, for the machine's floor: the parent writes
 * `@<send time>` lines to them directly.
 *
 * Both kinds read the same way, as cheaply as they can: 10,000 screens share one process and one
 * core here, so a reader that parses each event as JSON falls behind the server and its own
 * backlog, not the server's delivery, becomes the figure. A WebSocket screen is opened with a
 * real upgrade (the session cookie checked by the server) and then read as bytes: the server's
 * frames are unmasked text, and only a visitor message's text carries `@<send time>` before its
 * closing quote.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

type Command =
  | { type: 'connect'; url: string; cookie: string; count: number }
  | { type: 'connect-raw'; port: number; count: number }
  | { type: 'finish' };

/** Sockets opened side by side while connecting (setup only: the measurement starts after). */
const CONNECTING_AT_ONCE = 50;

const now = () => performance.timeOrigin + performance.now();
const delays: number[] = [];
const sockets: net.Socket[] = [];

/** Reads `@<send time><end>` marks from a socket's bytes; `ready` once the stream is data. */
function readMarks(socket: net.Socket, end: string, upgraded: boolean): Promise<void> {
  const mark = new RegExp(`@(\\d+(?:\\.\\d+)?)${end}`, 'g');
  socket.setEncoding('latin1');
  sockets.push(socket);
  return new Promise<void>((resolve, reject) => {
    let open = !upgraded;
    socket.on('data', (text: string) => {
      const arrived = now();
      if (!open) {
        if (!text.startsWith('HTTP/1.1 101')) {
          reject(new Error(`upgrade refused: ${text.split('\r\n')[0]}`));
          return;
        }
        open = true;
        resolve();
      }
      for (const sent of text.matchAll(mark)) delays.push(arrived - Number(sent[1]));
    });
    socket.once('error', reject);
    if (open) socket.once('connect', () => resolve());
  });
}

function open(url: string, cookie: string): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: Upgrade\r\n` +
      `Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nCookie: ${cookie}\r\n\r\n`,
  );
  return readMarks(socket, '"', true);
}

const openRaw = (port: number) => readMarks(net.connect(port, '127.0.0.1'), '\n', false);

async function connect(count: number, openOne: () => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await openOne();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, count) }, worker));
  process.send!({ type: 'ready' });
}

process.on('message', (command: Command) => {
  if (command.type !== 'finish') {
    const openOne =
      command.type === 'connect'
        ? () => open(command.url, command.cookie)
        : () => openRaw(command.port);
    connect(command.count, openOne).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
    return;
  }
  for (const socket of sockets) socket.destroy();
  process.send!({ type: 'delays', delays }, () => process.exit(0));
});
