/*
 * The agents of the notify bench, in their own process so the server's event loop is measured,
 * not the 1,000 clients'. Each visitor message carries its send time (epoch ms); the delay is
 * taken on arrival. Talks to the parent over IPC: {connect} -> {ready}; {finish} -> {delays}.
 */
import WebSocket from 'ws';

type Command = { type: 'connect'; url: string; cookie: string; count: number } | { type: 'finish' };

const now = () => performance.timeOrigin + performance.now();
const delays: number[] = [];
const sockets: WebSocket[] = [];

async function connect(url: string, cookie: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(url, { headers: { cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; message?: string };
      const sent =
        message.type === 'customer_message_notification' &&
        message.message?.match(/@(\d+(?:\.\d+)?)$/);
      if (sent) delays.push(now() - Number(sent[1]));
    });
    sockets.push(socket);
  }
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
