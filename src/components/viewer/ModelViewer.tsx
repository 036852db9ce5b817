/**
 * The interactive 3D viewer (issue 28), a chunk of its own with three.js (loaded by Viewer3D.tsx): a processed
 * model's optimized glb, or a material's base-colour map on a sphere, in a focusable stage (`role="group"`,
 * roledescription '3D viewer', named after the record, with a hidden description of the keys). Pointer: drag
 * orbits, right-drag or Shift-drag pans, the wheel or a pinch zooms. Keyboard on the focused stage: arrows orbit,
 * Shift+arrows pan, + and - zoom, F fits, R resets, W switches the wireframe, M the distance tool (models; Escape
 * clears its points), C the Comment tool (where the user may comment; Enter places the comment in the middle of
 * the view, Escape leaves) (never with Ctrl, Alt or Meta, which stay the browser's). The toolbar: Fit to view,
 * Reset view, Wireframe (a toggle), Measure (models, a toggle: a click on the model picks a point, measure-tool.ts,
 * and MeasurePanel.tsx shows the distance), Section (models, a toggle: SectionPanel.tsx cuts the model from its
 * sides, as do the handles dragged in the scene, section-tool.ts), Comment (issue 45, a toggle: a click on the
 * model places a comment, whose thread the page writes; the page's pins show over the model, CommentPins.tsx),
 * Viewpoints (the model's saved viewpoints, ViewpointsPanel.tsx), Statistics (models, in ViewerFrame), View in your
 * room (models with a USDZ: AR on a phone, a QR code of the AR page on a computer, ar-launch.ts, ArCodeDialog.tsx)
 * and Full screen (the Fullscreen API on the frame;
 * Escape leaves). The scene (viewer-scene.ts) renders on demand, follows the stage's size through a
 * ResizeObserver, and is disposed with the component; while the file loads the preview image shows with a
 * spinner, and where WebGL fails or the file does not load, the picture stays with a note.
 */
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  Suspense,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { arPagePath } from '@shared/ar-models';
import { arWay, openQuickLook, sceneViewerIntent } from './ar-launch';
import {
  ArIcon,
  CommentIcon,
  ExitFullscreenIcon,
  FitIcon,
  FullscreenIcon,
  ResetIcon,
  RulerIcon,
  SectionIcon,
  ViewpointsIcon,
  WireframeIcon,
} from './viewer-icons';
import { type Cuts, NO_CUTS, rangeOf, SectionPanel, withDraggedCut } from './SectionPanel';
import type { SectionEnd } from './section-tool';
import type { Measurement } from './measure-tool';
import { type LengthUnit, MeasurePanel, storedLengthUnit, storeLengthUnit } from './MeasurePanel';
import { CommentPins } from './CommentPins';
import { CommentPlacingPanel } from './CommentPlacingPanel';
import { ToolButton, ViewerFrame, type ViewerProps, type ViewerState } from './viewer-parts';
import { ViewpointsPanel } from './ViewpointsPanel';
import { ViewerScene } from './viewer-scene';

// The QR code of the AR page, on a computer: a chunk of its own with the QR encoder, loaded when it is asked for.
const ArCodeDialog = lazy(() => import('./ArCodeDialog'));

/** The tools whose panel shows in the frame's corner (issue 45): one at a time. */
type PanelTool = 'measure' | 'section' | 'views';

/** Arrow keys as steps right and up. */
const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/** How far (in CSS pixels) a press may move and still be a click rather than a drag. */
const CLICK_SLOP_PX = 4;

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function ModelViewer(props: ViewerProps) {
  const { variant, url, name } = props;
  const { t } = useTranslation('viewer');
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<ViewerScene | null>(null);
  const [state, setState] = useState<ViewerState>('loading');
  const [wireframe, setWireframe] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  // The tool with a panel that is on (issue 45): they take turns, as their panels share the frame's corner.
  const [tool, setTool] = useState<PanelTool | null>(null);
  // Placing a comment started from the page (its Add comment) suspends the tool that was on, its panel hidden.
  const { comments } = props;
  const placing = !!comments?.placing;
  const shownTool = placing ? null : tool;
  const measuring = shownTool === 'measure';
  const sectioning = shownTool === 'section';
  // The distance tool's points so far, and the reader's unit.
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const [unit, setUnit] = useState<LengthUnit>(storedLengthUnit);
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  // How much the section tool cuts away from each side.
  const [cuts, setCuts] = useState<Cuts>(NO_CUTS);
  // Comments pinned to the model (issue 45): the page keeps them; the last click beside the model missed.
  const [missed, setMissed] = useState(false);
  const [shownScene, setShownScene] = useState<ViewerScene | null>(null);
  const hintId = useId();
  // View in your room (issue 45): the model's USDZ for Quick Look, its glb for Scene Viewer, else its AR page's code.
  const arModelUrl = variant === 'model' ? props.arModelUrl : null;
  const arPage = arModelUrl ? arPagePath(url) : null;
  const [arCodeShown, setArCodeShown] = useState(false);
  const viewInRoom = () => {
    const way = arWay();
    if (way === 'quickLook' && arModelUrl) openQuickLook(arModelUrl);
    else if (way === 'sceneViewer') location.assign(sceneViewerIntent(url, name, location.href));
    else {
      // The dialog shows over the page, not over the viewer's full screen.
      if (document.fullscreenElement) void document.exitFullscreen();
      setArCodeShown(true);
    }
  };
  // The latest `onScene`, for the scene's effect, which runs again only for another file.
  const tellScene = useEffectEvent((scene: ViewerScene | null) => props.onScene?.(scene));
  // A section handle dragged in the scene moves its side's cut, as its slider does.
  const dragCut = useEffectEvent((side: SectionEnd, share: number) => {
    const next = withDraggedCut(cuts, side, share);
    void sceneRef.current?.setSection(rangeOf(next));
    setCuts(next);
  });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    // A canvas of its own per scene: a context once lost (disposed) is never handed out again by its canvas.
    const canvas = document.createElement('canvas');
    canvas.className = 'viewer__canvas';
    stage.append(canvas);
    let scene: ViewerScene | null = null;
    let ended = false;
    const lost = (event: Event) => {
      event.preventDefault();
      setState('failed');
    };
    const resize = new ResizeObserver(([entry]) =>
      scene?.setSize(entry.contentRect.width, entry.contentRect.height),
    );
    const start = async () => {
      try {
        scene = new ViewerScene(canvas, { reducedMotion: prefersReducedMotion() });
      } catch {
        setState('unsupported');
        return;
      }
      sceneRef.current = scene;
      scene.onSectionDrag(dragCut);
      canvas.addEventListener('webglcontextlost', lost);
      scene.setSize(stage.clientWidth, stage.clientHeight);
      resize.observe(stage);
      try {
        await scene.load({ kind: variant, url });
        if (!ended) {
          setState('ready');
          setShownScene(scene);
          tellScene(scene);
        }
      } catch (error) {
        if (ended) return;
        console.warn(`The 3D view of ${url} could not be loaded`, error);
        setState('failed');
      }
    };
    void start();
    return () => {
      ended = true;
      if (scene) tellScene(null);
      setShownScene(null);
      resize.disconnect();
      canvas.removeEventListener('webglcontextlost', lost);
      scene?.dispose();
      sceneRef.current = null;
      canvas.remove();
    };
  }, [variant, url]);

  useEffect(() => {
    const follow = () => setFullscreen(!!rootRef.current && document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const ready = state === 'ready';
  const fit = () => sceneRef.current?.fit();
  const reset = () => sceneRef.current?.reset();
  const toggleWireframe = () => {
    sceneRef.current?.setWireframe(!wireframe);
    setWireframe(!wireframe);
  };
  // Leaving a tool undoes what it did to the scene.
  const leave = (current: PanelTool | null) => {
    if (current === 'measure') {
      void sceneRef.current?.setMeasuring(false);
      setMeasurement(null);
    } else if (current === 'section') {
      void sceneRef.current?.setSection(null);
      setCuts(NO_CUTS);
    }
  };
  const toggleTool = (next: PanelTool) => {
    leave(tool);
    if (placing) comments?.onPlacing(false);
    if (shownTool === next) {
      setTool(null);
      return;
    }
    if (next === 'measure') void sceneRef.current?.setMeasuring(true);
    if (next === 'section') void sceneRef.current?.setSection(rangeOf(NO_CUTS));
    setTool(next);
  };
  const toggleMeasuring = () => toggleTool('measure');
  const toggleSectioning = () => toggleTool('section');
  // Placing a comment takes clicks and the corner, as the distance tool does: one at a time.
  const togglePlacing = () => {
    if (!comments) return;
    if (!placing) {
      leave(tool);
      setTool(null);
    }
    setMissed(false);
    comments.onPlacing(!placing);
  };
  const placeAt = (clientX: number, clientY: number) => {
    const scene = sceneRef.current;
    const surface = scene?.surfaceAt(clientX, clientY);
    setMissed(!surface);
    if (scene && surface && comments) comments.onPlace({ ...surface, camera: scene.currentView() });
  };
  const cut = (next: Cuts) => {
    void sceneRef.current?.setSection(rangeOf(next));
    setCuts(next);
  };
  const clearMeasure = () => {
    sceneRef.current?.clearMeasure();
    setMeasurement(null);
  };
  const chooseUnit = (chosen: LengthUnit) => {
    storeLengthUnit(chosen);
    setUnit(chosen);
  };
  // A click (a press that did not become a drag) picks a point of the distance tool, or places a comment.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedAt.current =
      (measuring || placing) && event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const pressed = pressedAt.current;
    pressedAt.current = null;
    if (!pressed || Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_SLOP_PX) return;
    if (placing) {
      placeAt(event.clientX, event.clientY);
      return;
    }
    const measured = sceneRef.current?.measureAt(event.clientX, event.clientY);
    if (measured) setMeasurement(measured);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen().catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const scene = sceneRef.current;
    if (!scene || !ready || event.altKey || event.ctrlKey || event.metaKey) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      if (event.shiftKey) scene.pan(arrow[0], arrow[1]);
      else scene.orbit(arrow[0], arrow[1]);
    } else {
      switch (event.key.toLowerCase()) {
        case '+':
        case '=':
          scene.zoom(1);
          break;
        case '-':
        case '_':
          scene.zoom(-1);
          break;
        case 'f':
          scene.fit();
          break;
        case 'r':
          scene.reset();
          break;
        case 'w':
          toggleWireframe();
          break;
        case 'm':
          if (variant !== 'model') return;
          toggleMeasuring();
          break;
        case 'c':
          if (!comments?.canPlace) return;
          togglePlacing();
          break;
        case 'enter': {
          // The Comment tool by keyboard: the point in the middle of the view.
          if (!placing || !stageRef.current) return;
          const box = stageRef.current.getBoundingClientRect();
          placeAt(box.left + box.width / 2, box.top + box.height / 2);
          break;
        }
        case 'escape':
          if (placing) {
            togglePlacing();
            break;
          }
          if (!measuring || !measurement?.points) return;
          clearMeasure();
          break;
        default:
          return;
      }
    }
    event.preventDefault();
  };

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  return (
    <ViewerFrame
      props={props}
      state={state}
      rootRef={rootRef}
      tools={
        ready && (
          <>
            <ToolButton label={t('actions.fit')} icon={<FitIcon />} onClick={fit} />
            <ToolButton label={t('actions.reset')} icon={<ResetIcon />} onClick={reset} />
            <ToolButton
              label={t('actions.wireframe')}
              icon={<WireframeIcon />}
              pressed={wireframe}
              onClick={toggleWireframe}
            />
            {variant === 'model' && (
              <>
                <ToolButton
                  label={t('actions.measure')}
                  icon={<RulerIcon />}
                  pressed={measuring}
                  onClick={toggleMeasuring}
                />
                <ToolButton
                  label={t('actions.section')}
                  icon={<SectionIcon />}
                  pressed={sectioning}
                  onClick={toggleSectioning}
                />
                {comments?.canPlace && (
                  <ToolButton
                    label={t('actions.comment')}
                    icon={<CommentIcon />}
                    pressed={placing}
                    onClick={togglePlacing}
                  />
                )}
                {props.viewpoints && (
                  <ToolButton
                    label={t('actions.views')}
                    icon={<ViewpointsIcon />}
                    pressed={shownTool === 'views'}
                    onClick={() => toggleTool('views')}
                  />
                )}
              </>
            )}
          </>
        )
      }
      trailingTools={
        ready && (
          <>
            {arPage && <ToolButton label={t('actions.ar')} icon={<ArIcon />} onClick={viewInRoom} />}
            {canFullscreen && (
              <ToolButton
                label={t(fullscreen ? 'actions.exitFullscreen' : 'actions.fullscreen')}
                icon={fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
                onClick={toggleFullscreen}
              />
            )}
          </>
        )
      }
    >
      <div
        ref={stageRef}
        className="viewer__stage"
        tabIndex={0}
        role="group"
        aria-roledescription={t('roleDescription')}
        aria-label={variant === 'model' ? t('label', { name }) : t('materialLabel', { name })}
        aria-describedby={hintId}
        aria-busy={state === 'loading'}
        data-measuring={measuring || placing || undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      />
      {ready && measuring && (
        <MeasurePanel measurement={measurement} unit={unit} onUnit={chooseUnit} onClear={clearMeasure} />
      )}
      {ready && sectioning && <SectionPanel cuts={cuts} onCuts={cut} />}
      {ready && placing && <CommentPlacingPanel missed={missed} onCancel={togglePlacing} />}
      {ready && shownTool === 'views' && props.viewpoints && (
        <ViewpointsPanel
          viewpoints={props.viewpoints}
          onGo={(viewpoint) => sceneRef.current?.setView(viewpoint.camera)}
          currentView={() => sceneRef.current?.currentView() ?? null}
        />
      )}
      {shownScene && comments && <CommentPins scene={shownScene} comments={comments} />}
      {arCodeShown && arPage && (
        <Suspense fallback={null}>
          <ArCodeDialog
            name={name}
            pageUrl={new URL(arPage, location.href).href}
            onClose={() => setArCodeShown(false)}
          />
        </Suspense>
      )}
      <p id={hintId} className="ui-visually-hidden">
        {t('keyboardHint')}
      </p>
    </ViewerFrame>
  );
}
