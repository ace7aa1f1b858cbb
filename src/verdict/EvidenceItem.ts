/** A titled piece of evidence shown with a check's result: a request, a response, a diff. */
export interface EvidenceItem {
  label: string;
  text: string;
}
