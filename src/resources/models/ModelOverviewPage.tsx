/** Being built (issue 5). */
export default function ModelOverviewPage() {
  return null;
}
