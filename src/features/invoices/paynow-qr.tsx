/**
 * The PayNow QR of an invoice's balance, drawn from the payload the server encoded (contract/finance/paynow.ts)
 * with uqr, which only the invoice's page loads. One path of dark modules on a white square with the quiet
 * zone of four modules the QR standard asks for; a screen reader hears what it pays.
 */
import { encode } from 'uqr'

export function PaynowQr({
  payload,
  label,
  className,
}: {
  payload: string
  label: string
  className?: string
}) {
  const { data, size } = encode(payload, { ecc: 'M', border: 4 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="paynow-qr"
      data-payload={payload}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
