/**
 * A QR code of a text (issue 45: the AR page's address, for a phone's camera), drawn as one SVG path of its dark
 * modules with the quiet zone the standard asks (4 modules) in white, whatever the theme. The code itself is
 * qrcode-generator's (error correction M: a smudged screen or a glare still reads).
 */
import qrcode from 'qrcode-generator';

const QUIET_ZONE = 4;

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++)
      if (code.isDark(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  const side = count + 2 * QUIET_ZONE;
  return (
    <svg
      className="viewer-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
