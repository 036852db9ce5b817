/**
 * Comments pinned to a model (issue 45), as the overview groups and shows them: threads in the order of their pins
 * with their replies oldest first, the mentions a text still names when it is sent, its mentions marked, and where
 * a pin at a point of the model shows on the canvas (facing the camera, behind it, off the canvas).
 */
import { PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import type { ModelComment } from '@shared/entities/model-comments';
import { bodyParts, mentionedIn, threadIdOf, threadsOf } from '@/components/review/comment-threads';
import { placePin } from '@/components/viewer/surface-pick';

const comment = (values: Partial<ModelComment> & Pick<ModelComment, 'id'>): ModelComment => ({
  record_type: 'model',
  record_id: 1,
  parent_id: null,
  number: null,
  body: 'text',
  point: null,
  normal: null,
  camera: null,
  version: 1,
  author: { id: 1, name: 'Ann Smith', profile_image: null },
  mentions: [],
  resolved_at: null,
  resolved_by: null,
  created_at: `2026-12-01T10:00:0${values.id}Z`,
  edited_at: null,
  can_edit: true,
  can_delete: true,
  ...values,
});

describe('comment threads', () => {
  const comments = [
    comment({ id: 1, number: 2 }),
    comment({ id: 2, number: 1 }),
    comment({ id: 4, parent_id: 1, created_at: '2026-12-01T11:00:00Z' }),
    comment({ id: 3, parent_id: 1, created_at: '2026-12-01T10:30:00Z' }),
    comment({ id: 5, parent_id: 99 }),
  ];

  it('lists threads by pin number, each with its replies oldest first, and leaves out a reply without its thread', () => {
    const threads = threadsOf(comments);
    expect(threads.map((thread) => thread.comment.number)).toEqual([1, 2]);
    expect(threads[1].replies.map((reply) => reply.id)).toEqual([3, 4]);
    expect(threads[0].replies).toEqual([]);
  });

  it("finds a reply's thread, a thread's own id, and nothing for an unknown comment", () => {
    expect(threadIdOf(comments, 4)).toBe(1);
    expect(threadIdOf(comments, 2)).toBe(2);
    expect(threadIdOf(comments, 42)).toBeNull();
  });
});

describe('mentions', () => {
  const ann = { id: 7, name: 'Ann Smith' };
  const bob = { id: 8, name: 'Bob' };

  it('keeps the chosen users whose @name is still in the text, each once', () => {
    expect(mentionedIn('@Ann Smith and @Bob, see the leg', [ann, bob, ann])).toEqual([7, 8]);
    expect(mentionedIn('@Ann Smith only', [ann, bob])).toEqual([7]);
    expect(mentionedIn('nobody', [ann])).toEqual([]);
  });

  it('marks the mentions in a text, a longer name before a shorter one it starts with', () => {
    const bobby = { id: 9, name: 'Bob Brown' };
    expect(bodyParts('Ask @Bob Brown, not @Bob.', [bob, bobby])).toEqual([
      { text: 'Ask ' },
      { mention: 'Bob Brown' },
      { text: ', not ' },
      { mention: 'Bob' },
      { text: '.' },
    ]);
    expect(bodyParts('a (b) [c]', [])).toEqual([{ text: 'a (b) [c]' }]);
    expect(bodyParts('@A.B here', [{ id: 1, name: 'A.B' }])).toEqual([{ mention: 'A.B' }, { text: ' here' }]);
  });
});

describe('a pin on the canvas', () => {
  const camera = new PerspectiveCamera(45, 2, 0.1, 100);
  camera.position.set(0, 0, 5);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const canvas = { clientWidth: 800, clientHeight: 400 } as HTMLCanvasElement;

  it('shows a point in the middle of the view in the middle of the canvas, facing the camera', () => {
    const where = placePin(camera, canvas, [0, 0, 0.5], [0, 0, 1]);
    expect(where.x).toBeCloseTo(400);
    expect(where.y).toBeCloseTo(200);
    expect(where).toMatchObject({ inView: true, facing: true });
  });

  it('fades a point whose surface faces away, and hides one behind the camera or off the canvas', () => {
    expect(placePin(camera, canvas, [0, 0, -0.5], [0, 0, -1])).toMatchObject({ inView: true, facing: false });
    expect(placePin(camera, canvas, [0, 0, 10], [0, 0, 1]).inView).toBe(false);
    expect(placePin(camera, canvas, [50, 0, 0], [0, 0, 1]).inView).toBe(false);
  });

  it('counts a point without a normal as not facing the camera', () => {
    expect(placePin(camera, canvas, [0.5, 0.5, 0.5], null)).toMatchObject({ inView: true, facing: false });
  });
});
