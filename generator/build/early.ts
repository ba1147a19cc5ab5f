// What a build starts before it checks the content: the printing thread, which spends a
// quarter of a second loading pdfkit and the layout code. Kept apart from the stages so that
// starting it does not first load everything the stages import.
import { startPrintingEarly } from '../print/share-client.js';

export function startEarlyWork(): void {
  startPrintingEarly();
}
