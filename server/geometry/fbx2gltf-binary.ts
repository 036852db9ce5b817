/**
 * Where the FBX2glTF executable is. The `fbx2gltf` package ships its Linux binary without the executable bit
 * (npm keeps the mode of the packed file, and this one was packed as 0644), so a process cannot start it from
 * node_modules. When the package's file is executable it is used as it is; otherwise it is copied once to
 * `{os.tmpdir()}/portal-fbx2gltf-0.9.7/FBX2glTF` with mode 0755 (written under a temporary name and renamed, so
 * two processes making the copy at once never start a half-written file). The server and the tests share it.
 */
import { access, chmod, constants, copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const PACKAGE_VERSION = '0.9.7';

const platformFolder = (): string => {
  switch (process.platform) {
    case 'darwin':
      return 'Darwin';
    case 'win32':
      return 'Windows_NT';
    default:
      return 'Linux';
  }
};

/** The binary inside the installed `fbx2gltf` package. */
export function packagedFbx2gltf(): string {
  const require = createRequire(import.meta.url);
  const packageFolder = dirname(require.resolve('fbx2gltf/package.json'));
  const name = process.platform === 'win32' ? 'FBX2glTF.exe' : 'FBX2glTF';
  return join(packageFolder, 'bin', platformFolder(), name);
}

const isExecutable = (path: string): Promise<boolean> =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

async function executableCopy(source: string): Promise<string> {
  const folder = join(tmpdir(), `portal-fbx2gltf-${PACKAGE_VERSION}`);
  const target = join(folder, 'FBX2glTF');
  const [wanted, present] = await Promise.all([stat(source), stat(target).catch(() => null)]);
  if (present && present.size === wanted.size && (await isExecutable(target))) return target;
  await mkdir(folder, { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  await copyFile(source, partial);
  await chmod(partial, 0o755);
  await rename(partial, target);
  return target;
}

let executable: Promise<string> | undefined;

/** An executable path of FBX2glTF: the package's binary, or the copy made once with mode 0755. */
export function fbx2gltfExecutable(): Promise<string> {
  executable ??= (async () => {
    const packaged = packagedFbx2gltf();
    return (await isExecutable(packaged)) ? packaged : executableCopy(packaged);
  })().catch((error: unknown) => {
    executable = undefined;
    throw error;
  });
  return executable;
}
