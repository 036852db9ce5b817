/**
 * The child of listening-socket.test.ts: a Fastify app on the listening socket it inherited, which starts
 * listening when its parent says so and then tells the parent, once every expected connection is in, how many
 * connections each turn of its event loop accepted. A turn is counted by setImmediate, which runs once per turn
 * after the poll phase that accepts.
 */
import Fastify from 'fastify';
import {
  inheritedListeningSocket,
  listenOnInheritedSocket,
  stopWhenParentEnds,
} from '../../server/listening-socket';

const expected = Number(process.env.EXPECTED_CONNECTIONS);
const fds = inheritedListeningSocket();
if (!fds) throw new Error('No listening socket was inherited');

const app = Fastify();
app.get('/', async () => ({ pid: process.pid }));

let turn = 0;
const countTurns = () => {
  turn += 1;
  setImmediate(countTurns);
};
const acceptedPerTurn = new Map<number, number>();
let accepted = 0;
app.server.on('connection', () => {
  acceptedPerTurn.set(turn, (acceptedPerTurn.get(turn) ?? 0) + 1);
  accepted += 1;
  if (accepted === expected) process.send?.({ acceptedPerTurn: [...acceptedPerTurn.values()] });
});

process.once('message', () => {
  countTurns();
  void listenOnInheritedSocket(app, fds);
});
stopWhenParentEnds(() => process.exit(0));
