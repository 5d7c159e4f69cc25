// Shared with the staff console's offer preview (src/components/shipment/money.ts).
export { fxText, sgd, usd } from '../../components/shipment/money'
