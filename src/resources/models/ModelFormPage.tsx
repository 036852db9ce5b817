/** Being built (issue 5). */
export default function ModelFormPage() {
  return null;
}
