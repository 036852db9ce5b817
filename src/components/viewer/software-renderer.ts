/**
 * Whether WebGL draws without a GPU: Chromium's SwiftShader, Mesa's llvmpipe or softpipe, Microsoft's Basic Render
 * Driver (remote desktops, VMs, laptops whose driver the browser blocks). There, compiling the shaders of
 * image-based lighting takes seconds on the main thread (bench:viewer), so the viewer lights with plain lights.
 */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The renderer's name as WebGL reports it (the unmasked one where the browser gives it). */
export function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

export const isSoftwareRenderer = (name: string) => SOFTWARE_RENDERERS.test(name);
