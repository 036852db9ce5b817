/** The corpus's real files in the other formats (glTF, OBJ, STL, PLY, 3MF, STEP, IGES, IFC, 3DM) and damaged ones. */
import { describeCorpus } from './corpus-checks';

describeCorpus('formats');
