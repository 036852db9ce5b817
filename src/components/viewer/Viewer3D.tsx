/**
 * The 3D viewer as the overview pages place it (issue 28): a light component that the model, library item and
 * material overviews import, while the viewer itself (ModelViewer.tsx, with three.js and its addons) is a chunk of
 * its own, loaded by `React.lazy` only when an overview has something to show in 3D. Until it has arrived the
 * frame shows the preview image with the loading indicator; without WebGL 2 it is never loaded and the frame keeps
 * the picture with a note, as it does when the chunk cannot be loaded. A model's file is preloaded beside the chunk.
 * (Starting the chunk with the overview's module, before the record, delayed the preview by about 0.4 s in
 * bench:viewer: the preview comes first.)
 */
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { preload } from 'react-dom';
import { ViewerFrame, type ViewerProps, webgl2Available } from './viewer-parts';

export type { ViewerProps } from './viewer-parts';

const ModelViewer = lazy(() => import('./ModelViewer'));

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
  if (!webgl2Available()) return <ViewerFrame props={props} state="unsupported" />;
  // The model's file downloads while the viewer's chunk does (GLTFLoader's fetch then takes the preloaded answer:
  // same URL, CORS mode, same-origin credentials), rather than after three.js has arrived and run.
  if (props.variant === 'model') preload(props.url, { as: 'fetch', crossOrigin: 'anonymous' });
  return (
    // A new file is a new viewer: its state starts over.
    <LoadBoundary key={props.url} fallback={<ViewerFrame props={props} state="failed" />}>
      <Suspense fallback={<ViewerFrame props={props} state="loading" />}>
        <ModelViewer {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
