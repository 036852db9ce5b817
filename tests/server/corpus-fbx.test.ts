/** The corpus's real FBX files (3ds Max, Maya, Blender, MotionBuilder, Revit, ZBrush, Marvelous; FBX 5 to 7.7). */
import { describeCorpus } from './corpus-checks';

describeCorpus('fbx');
