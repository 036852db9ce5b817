/** Being built (issue 5): /projects/manage/{projectId}. */
export default function ProjectManagePage() {
  return null;
}
