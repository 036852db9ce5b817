/**
 * Whether WebGL draws without a GPU: Chromium's SwiftShader, Mesa's llvmpipe or softpipe, Microsoft's Basic Render
 * Driver (remote desktops, VMs, laptops whose driver the browser blocks). There, compiling the shaders of
 * image-based lighting takes seconds on the main thread, and multisampling (antialias) makes every frame of a large
 * model several times slower (bench:viewer), so the viewer lights with plain lights and draws without it. A
 * context's antialias is fixed when it is made: `drawsWithoutGpu` asks a small context of its own first.
 */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The renderer's name as WebGL reports it (the unmasked one where the browser gives it). */
export function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

export const isSoftwareRenderer = (name: string) => SOFTWARE_RENDERERS.test(name);

let withoutGpu: boolean | undefined;

/**
 * Whether this browser's WebGL 2 draws without a GPU, asked once per page of a throwaway context (let go at once,
 * so it does not count against the browser's limit of live contexts).
 */
export function drawsWithoutGpu(): boolean {
  if (withoutGpu === undefined) {
    const gl = document.createElement('canvas').getContext('webgl2');
    withoutGpu = !!gl && isSoftwareRenderer(rendererName(gl));
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return withoutGpu;
}
