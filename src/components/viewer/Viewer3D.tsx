/**
 * The 3D viewer as the overview pages place it (issue 28): a light component that the model, library item and
 * material overviews import, while the viewer itself (ModelViewer.tsx, with three.js and its addons) is a chunk of
 * its own, fetched as soon as an overview page that may show one has loaded and rendered by `React.lazy` when the
 * overview has something to show in 3D. Until it has arrived the frame shows the preview image with the loading
 * indicator; without WebGL 2 it is never loaded and the frame keeps the picture with a note, as it does when the
 * chunk cannot be loaded.
 */
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { prefetchModelFile } from './model-file';
import { ViewerFrame, type ViewerProps, webgl2Available } from './viewer-parts';

export type { ViewerProps } from './viewer-parts';

const loadViewer = () => import('./ModelViewer');
// The overview page that imports this frame starts the viewer's chunk at once, beside its record's request, rather
// than when the record has arrived and the frame first renders (the dynamic import is fetched once either way).
if (webgl2Available()) void loadViewer().catch(() => undefined);
const ModelViewer = lazy(loadViewer);

/** Shows `fallback` in place of children that failed to render (the viewer's chunk did not load). */
class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function Viewer3D(props: ViewerProps) {
  const supported = webgl2Available();
  const { variant, url } = props;
  useEffect(() => {
    if (supported && variant === 'model') prefetchModelFile(url);
  }, [supported, variant, url]);
  if (!supported) return <ViewerFrame props={props} state="unsupported" />;
  return (
    // A new file is a new viewer: its state starts over.
    <LoadBoundary key={props.url} fallback={<ViewerFrame props={props} state="failed" />}>
      <Suspense fallback={<ViewerFrame props={props} state="loading" />}>
        <ModelViewer {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
