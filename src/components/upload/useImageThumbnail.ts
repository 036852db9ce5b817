/**
 * The upload widget's thumbnail of a chosen picture (spec 2 §9: 'resize 100x100 cover, quality 50'; issue 42):
 * drawn by the canvas (image-resize.ts), or, for a picture the canvas cannot draw, the file itself (the widget's
 * style covers its 100×100 frame with it). An object URL, revoked once the file changes or the widget goes.
 */
import { useEffect, useState } from 'react';
import { thumbnailOf } from './image-resize';

export function useImageThumbnail(file: File | null): string | null {
  const [thumbnail, setThumbnail] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    let made: string | null = null;
    void thumbnailOf(file).then((drawn) => {
      made = drawn ?? URL.createObjectURL(file);
      if (live) setThumbnail({ file, url: made });
      else URL.revokeObjectURL(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  return thumbnail && thumbnail.file === file ? thumbnail.url : null;
}
