/**
 * The part of occt-import-js 0.0.23 (Open CASCADE's STEP, IGES and BREP import compiled to WebAssembly; the
 * package ships no types) that occt.ts uses, as its README and its source (occt-import-js/src/js-interface.cpp)
 * describe it. Positions come in the asked unit with every placement applied (the node tree only names and
 * groups the meshes); colours are linear RGB, 0–1.
 */
declare module 'occt-import-js' {
  export type OcctLinearUnit = 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';

  export interface OcctImportParams {
    /** The unit of the answer's positions (default millimetres). */
    linearUnit?: OcctLinearUnit;
    /** `bounding_box_ratio` (default): `linearDeflection` times the average side of each shape's bounding box. */
    linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
    /** The largest distance between a triangle and its surface (default 0.001 of the bounding box). */
    linearDeflection?: number;
    /** The largest angle between neighbouring triangles' normals on a curved surface, radians (default 0.5). */
    angularDeflection?: number;
  }

  export type OcctColor = [number, number, number];

  /** One face of the source b-rep: its triangles `first`…`last` (inclusive) in the mesh's index array. */
  export interface OcctBrepFace {
    first: number;
    last: number;
    color: OcctColor | null;
  }

  export interface OcctMesh {
    name: string;
    color?: OcctColor;
    brep_faces: OcctBrepFace[];
    attributes: {
      /** x, y, z per vertex. */
      position: { array: number[] };
      /** Present when every vertex has one. */
      normal?: { array: number[] };
    };
    /** Three vertex indices per triangle. */
    index: { array: number[] };
  }

  export interface OcctNode {
    name: string;
    /** Indices into the answer's `meshes`. */
    meshes: number[];
    children: OcctNode[];
  }

  export type OcctResult = { success: false } | { success: true; root: OcctNode; meshes: OcctMesh[] };

  export interface OcctModule {
    ReadStepFile(content: Uint8Array, params: OcctImportParams | null): OcctResult;
    ReadIgesFile(content: Uint8Array, params: OcctImportParams | null): OcctResult;
    ReadBrepFile(content: Uint8Array, params: OcctImportParams | null): OcctResult;
  }

  /** Emscripten's module options. */
  export interface OcctModuleOptions {
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    locateFile?: (path: string, scriptDirectory: string) => string;
  }

  /** Instantiates the WebAssembly module (its .wasm is read from the package's dist folder). */
  export default function occtimportjs(options?: OcctModuleOptions): Promise<OcctModule>;
}
