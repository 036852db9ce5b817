/**
 * How a device places a model in the room (issue 45, shared/ar-models.ts): an iPhone or iPad opens the USDZ in AR
 * Quick Look (Safari answers `rel="ar"` links), an Android phone the glb in Google's Scene Viewer (an intent URL
 * Chrome hands to the ARCore app, back to `fallback` where it is missing), and any other device shows a QR code of
 * the AR page for a phone to open. As model-viewer does it.
 */

export type ArWay = 'quickLook' | 'sceneViewer' | 'code';

/** The way this browser places a model in the room. */
export function arWay(): ArWay {
  if (document.createElement('a').relList.supports('ar')) return 'quickLook';
  if (/\bAndroid\b/i.test(navigator.userAgent) && !/\bFirefox\b/i.test(navigator.userAgent))
    return 'sceneViewer';
  return 'code';
}

/** Opens the USDZ in AR Quick Look: Safari opens a `rel="ar"` link whose only child is an image. */
export function openQuickLook(usdzUrl: string): void {
  const link = document.createElement('a');
  link.rel = 'ar';
  link.href = new URL(usdzUrl, location.href).href;
  link.append(document.createElement('img'));
  link.click();
}

/** The intent URL that opens the glb in Scene Viewer in AR, titled, and `fallback` where it cannot. */
export function sceneViewerIntent(glbUrl: string, title: string, fallback: string): string {
  const query = new URLSearchParams({
    file: new URL(glbUrl, location.href).href,
    mode: 'ar_preferred',
    title,
  });
  return (
    `intent://arvr.google.com/scene-viewer/1.0?${query.toString()}#Intent;scheme=https;` +
    `package=com.google.ar.core;action=android.intent.action.VIEW;` +
    `S.browser_fallback_url=${encodeURIComponent(fallback)};end;`
  );
}
