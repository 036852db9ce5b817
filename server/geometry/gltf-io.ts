/**
 * Reading and writing glb with glTF-Transform: one NodeIO that knows every extension glTF-Transform implements,
 * with meshoptimizer's encoder and decoder, so the converter's output and the optimized glb (EXT_meshopt_compression,
 * KHR_mesh_quantization) both read back.
 */
import { Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

let io: Promise<NodeIO> | undefined;

export function gltfIO(): Promise<NodeIO> {
  io ??= (async () => {
    await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.WARN))
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  })();
  return io;
}
