/**
 * The part of the Khronos glTF validator (`gltf-validator`, installed with @gltf-transform/cli; untyped) the tests
 * use: validating a glb's bytes.
 */
declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    pointer?: string;
  }

  export interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidationMessage[];
    };
  }

  export interface ValidationOptions {
    uri?: string;
    format?: 'glb' | 'gltf';
    maxIssues?: number;
    ignoredIssues?: string[];
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }

  export function validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;

  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
