/**
 * Comparing two versions of a model (issue 45): the meshes of loaded three.js scenes signed by their place in the
 * node tree, geometry and world transform (mesh-signatures.ts), and what changed between two such lists
 * (version-diff.ts), as the compare view counts and colours it.
 */
import { BoxGeometry, Group, Mesh, MeshStandardMaterial, SphereGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { diffColours, diffVersions, DIFF_COLOURS } from '@/components/processing/version-diff';
import { meshSignatures, paintMeshes } from '@/components/viewer/mesh-signatures';

/** A chair: a seat and four legs under a named root; `legLength` and `seatY` vary it. */
function chair({ legLength = 0.45, seatY = 0.45, back = false } = {}) {
  const root = new Group();
  const frame = new Group();
  frame.name = 'Chair';
  root.add(frame);
  const seat = new Mesh(new BoxGeometry(0.5, 0.05, 0.5), new MeshStandardMaterial());
  seat.name = 'Seat';
  seat.position.y = seatY;
  frame.add(seat);
  for (const [x, z] of [
    [-0.2, -0.2],
    [0.2, -0.2],
    [-0.2, 0.2],
    [0.2, 0.2],
  ]) {
    const leg = new Mesh(new BoxGeometry(0.04, legLength, 0.04), new MeshStandardMaterial());
    leg.name = 'Leg';
    leg.position.set(x, legLength / 2, z);
    frame.add(leg);
  }
  if (back) {
    const rest = new Mesh(new SphereGeometry(0.1), new MeshStandardMaterial());
    rest.name = 'Back';
    frame.add(rest);
  }
  return root;
}

describe('mesh signatures', () => {
  it('name each mesh by its path, a repeated one by its count, with its triangles', () => {
    const signatures = meshSignatures(chair());
    expect(signatures.map((mesh) => mesh.key)).toEqual([
      'Chair/Seat',
      'Chair/Leg',
      'Chair/Leg~2',
      'Chair/Leg~3',
      'Chair/Leg~4',
    ]);
    expect(signatures.every((mesh) => mesh.triangles === 12)).toBe(true);
  });

  it('are the same for the same model loaded twice', () => {
    expect(meshSignatures(chair())).toEqual(meshSignatures(chair()));
  });
});

describe('what changed between two versions', () => {
  it('finds nothing between a model and itself', () => {
    const diff = diffVersions(meshSignatures(chair()), meshSignatures(chair()));
    expect(diff).toMatchObject({ added: [], removed: [], changed: [], triangleChange: 0 });
    expect(diff.unchanged).toHaveLength(5);
  });

  it('tells a moved mesh, a reshaped one and an added one apart, and counts the triangles', () => {
    const older = meshSignatures(chair());
    const newer = meshSignatures(chair({ legLength: 0.5, seatY: 0.5, back: true }));
    const diff = diffVersions(older, newer);
    expect(diff.changed).toEqual(['Chair/Seat', 'Chair/Leg', 'Chair/Leg~2', 'Chair/Leg~3', 'Chair/Leg~4']);
    expect(diff.added).toEqual(['Chair/Back']);
    expect(diff.removed).toEqual([]);
    expect(diff.triangleChange).toBe(newer.find((mesh) => mesh.key === 'Chair/Back')!.triangles);
    const back = diffVersions(newer, older);
    expect(back.removed).toEqual(['Chair/Back']);
    expect(back.triangleChange).toBe(-diff.triangleChange);
  });

  it('takes a vertex moved by a quantization step (a ten-thousandth of the size) as not moved', () => {
    const diff = diffVersions(meshSignatures(chair()), meshSignatures(chair({ seatY: 0.45 + 2e-5 })));
    expect(diff.changed).toEqual([]);
    const moved = diffVersions(meshSignatures(chair()), meshSignatures(chair({ seatY: 0.45 + 1e-3 })));
    expect(moved.changed).toEqual(['Chair/Seat']);
  });

  it('colours each side: the older what went and changed, the newer what came and changed', () => {
    const diff = diffVersions(meshSignatures(chair()), meshSignatures(chair({ seatY: 0.5, back: true })));
    expect(diff.changed).toEqual(['Chair/Seat']);
    expect([...diffColours(diff, 'older')]).toEqual([['Chair/Seat', DIFF_COLOURS.changed]]);
    expect(new Map(diffColours(diff, 'newer'))).toEqual(
      new Map([
        ['Chair/Seat', DIFF_COLOURS.changed],
        ['Chair/Back', DIFF_COLOURS.added],
      ]),
    );
  });
});

describe('the difference view', () => {
  it('paints the coloured meshes, fades the rest, and puts their own materials back', () => {
    const model = chair();
    const meshes: Mesh[] = [];
    model.traverse((object) => {
      if (object instanceof Mesh) meshes.push(object);
    });
    const own = meshes.map((mesh) => mesh.material);
    const restore = paintMeshes(
      model,
      new Map([['Chair/Leg~2', DIFF_COLOURS.changed]]),
      DIFF_COLOURS.unchanged,
    );
    const painted = meshes.map((mesh) => mesh.material as MeshStandardMaterial);
    expect(painted[2].color.getHex()).toBe(DIFF_COLOURS.changed);
    expect(painted[2].transparent).toBe(false);
    expect(painted[0].opacity).toBeLessThan(1);
    restore();
    expect(meshes.map((mesh) => mesh.material)).toEqual(own);
  });
});
