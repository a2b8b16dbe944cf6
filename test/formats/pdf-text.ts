/** The text layer of a PDF as a reader extracts it (pdf-parse over pdf.js), to compare figures in tests. */
import { PDFParse } from 'pdf-parse';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
