/*
 * The agents of the notify bench, in their own process so the server's event loop is measured,
 * not the clients'. Each visitor message carries its send time (epoch ms); the delay is
 * taken on arrival. Talks to the parent over IPC: {connect} -> {ready}; {finish} -> {delays}.
 * {connect-raw} opens plain TCP connections instead, for the machine's floor: the parent writes
 * `@<send time>` lines to them directly.
 */
import net from 'node:net';
import WebSocket from 'ws';

type Command =
  | { type: 'connect'; url: string; cookie: string; count: number }
  | { type: 'connect-raw'; port: number; count: number }
  | { type: 'finish' };

/** Sockets opened side by side while connecting (setup only: the measurement starts after). */
const CONNECTING_AT_ONCE = 50;

const now = () => performance.timeOrigin + performance.now();
const delays: number[] = [];
const sockets: Array<{ destroy(): void } | WebSocket> = [];

function open(url: string, cookie: string): Promise<void> {
  const socket = new WebSocket(url, { headers: { cookie } });
  socket.on('message', (raw) => {
    const arrived = now();
    const message = JSON.parse(String(raw)) as { type: string; message?: string };
    const sent =
      message.type === 'customer_message_notification' &&
      message.message?.match(/@(\d+(?:\.\d+)?)$/);
    if (sent) delays.push(arrived - Number(sent[1]));
  });
  sockets.push(socket);
  return new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}

function openRaw(port: number): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => {
    const arrived = now();
    for (const sent of text.matchAll(/@(\d+(?:\.\d+)?)\n/g)) delays.push(arrived - Number(sent[1]));
  });
  sockets.push(socket);
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
}

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
  for (const socket of sockets) {
    if (socket instanceof WebSocket) socket.close();
    else socket.destroy();
  }
  process.send!({ type: 'delays', delays }, () => process.exit(0));
});
