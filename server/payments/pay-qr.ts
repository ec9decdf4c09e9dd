/**
 * The pay link as a QR code, drawn on the server as an SVG the page carries inline: the
 * homeowner scans the technician's phone and pays on their own. No script is added.
 */
import QRCode from "qrcode";

export async function payQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
