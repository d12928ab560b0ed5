import { PRODUCT_NAME } from "@vestin/shared/brand";
import { formatDate } from "@vestin/shared/format-date";

export type CertificateData = { learnerName: string; courseTitle: string; issuedAt: string; code: string; verifyUrl: string; score?: number | null };

const NAVY = "#0b1530";
const TEAL = "#14b8a6";
const VIOLET = "#7c3aed";
const MUTED = "#475569";

/**
 * A one-page landscape certificate of completion with its verification code and address.
 * pdfkit (with its font metrics) loads with the first certificate, not with the server.
 */
export async function certificatePdf(data: CertificateData): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      layout: "landscape",
      margin: 0,
      info: { Title: `${PRODUCT_NAME} certificate: ${data.courseTitle}`, Author: PRODUCT_NAME, Subject: `Certificate ${data.code}` },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const { width, height } = doc.page;
    doc.rect(0, 0, width, height).fill("#ffffff");
    doc.rect(0, 0, width, 14).fill(TEAL);
    doc.rect(width / 2, 0, width / 2, 14).fill(VIOLET);
    doc
      .lineWidth(1.5)
      .strokeColor("#e2e8f0")
      .rect(36, 40, width - 72, height - 80)
      .stroke();

    doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(22).text(PRODUCT_NAME, 0, 80, { align: "center", width });
    doc.fillColor(MUTED).font("Helvetica").fontSize(12).text("THE TOKENIZATION EDUCATION HUB", 0, 110, { align: "center", width, characterSpacing: 2 });

    doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(34).text("Certificate of Completion", 0, 165, { align: "center", width });
    doc.fillColor(MUTED).font("Helvetica").fontSize(14).text("This certifies that", 0, 225, { align: "center", width });
    doc
      .fillColor(NAVY)
      .font("Helvetica-Bold")
      .fontSize(30)
      .text(data.learnerName, 60, 255, { align: "center", width: width - 120 });
    const achievement =
      typeof data.score === "number"
        ? `has completed every lesson and passed the final assessment (${data.score} %) of the course`
        : "has completed every lesson of the course";
    doc.fillColor(MUTED).font("Helvetica").fontSize(14).text(achievement, 0, 305, { align: "center", width });
    doc
      .fillColor(VIOLET)
      .font("Helvetica-Bold")
      .fontSize(22)
      .text(data.courseTitle, 80, 332, { align: "center", width: width - 160 });

    const issued = formatDate(data.issuedAt);
    doc.fillColor(NAVY).font("Helvetica").fontSize(12).text(`Issued ${issued}`, 0, 410, { align: "center", width });
    doc.fillColor(MUTED).fontSize(11).text(`Verification code: ${data.code}`, 0, 440, { align: "center", width });
    doc.fillColor(VIOLET).fontSize(11).text(data.verifyUrl, 0, 458, { align: "center", width, link: data.verifyUrl, underline: true });
    doc.end();
  });
}
