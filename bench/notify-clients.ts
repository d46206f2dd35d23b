/*
 * The agents of the notify bench, in their own process so the server's event loop is measured,
 * not the clients'. Each visitor message carries its send time (epoch ms); the delay is
 * taken on arrival. Talks to the parent over IPC: {connect} -> {ready}; {finish} -> {delays}.
 */
import WebSocket from 'ws';

type Command = { type: 'connect'; url: string; cookie: string; count: number } | { type: 'finish' };

/** Sockets opened side by side while connecting (setup only: the measurement starts after). */
const CONNECTING_AT_ONCE = 50;

const now = () => performance.timeOrigin + performance.now();
const delays: number[] = [];
const sockets: WebSocket[] = [];

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

async function connect(url: string, cookie: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await open(url, cookie);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, count) }, worker));
  process.send!({ type: 'ready' });
}

process.on('message', (command: Command) => {
  if (command.type === 'connect') {
    connect(command.url, command.cookie, command.count).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
    return;
  }
  for (const socket of sockets) socket.close();
  process.send!({ type: 'delays', delays }, () => process.exit(0));
});
