/**
 * Types of `draco3dgltf` (Draco's glTF builds for Node), which ships none: its two module factories. The modules
 * go to glTF-Transform's KHR_draco_mesh_compression as they are ('draco3d.decoder', 'draco3d.encoder').
 */
declare module 'draco3dgltf' {
  /** A Draco WebAssembly module, opaque here. */
  export type DracoModule = object;

  const draco3d: {
    createDecoderModule(options?: object): Promise<DracoModule>;
    createEncoderModule(options?: object): Promise<DracoModule>;
  };
  export default draco3d;
}
