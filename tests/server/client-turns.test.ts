/**
 * The turns kept for clients a busy server refused (server/http/client-turns.ts): claimed once, from their time to
 * TURN_KEPT_MS after it, by their own client only, at most MAX_TURNS_PER_CLIENT kept per client.
 */
import { describe, expect, it } from 'vitest';
import { ClientTurns, MAX_TURNS_PER_CLIENT, TURN_KEPT_MS } from '../../server/http/client-turns';

describe('kept turns', () => {
  it('are claimed once, by their client, from their time until they lapse', () => {
    const turns = new ClientTurns();
    turns.give('token:a', 1_000, 0);
    expect(turns.claim('token:a', 999)).toBe(false);
    expect(turns.claim('token:b', 1_000)).toBe(false);
    expect(turns.claim('token:a', 1_000)).toBe(true);
    expect(turns.claim('token:a', 1_001)).toBe(false);

    turns.give('token:a', 2_000, 1_500);
    expect(turns.claim('token:a', 2_000 + TURN_KEPT_MS + 1)).toBe(false);
    expect(turns.clients).toBe(0);
  });

  it('keeps at most so many per client, each claimed in turn', () => {
    const turns = new ClientTurns();
    for (let turn = 0; turn < MAX_TURNS_PER_CLIENT + 5; turn += 1)
      turns.give('address:10.0.0.1', 100 + turn, 0);
    let claimed = 0;
    while (turns.claim('address:10.0.0.1', 200)) claimed += 1;
    expect(claimed).toBe(MAX_TURNS_PER_CLIENT);
  });

  it('drops the turns nobody came back for', () => {
    const turns = new ClientTurns();
    turns.give('token:a', 100, 0);
    turns.give('token:b', 100, 0);
    expect(turns.clients).toBe(2);
    // A later refusal sweeps what lapsed.
    turns.give('token:c', 20_000, 19_000);
    expect(turns.clients).toBe(1);
  });
});
