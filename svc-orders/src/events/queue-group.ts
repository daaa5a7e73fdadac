/** Every svc-orders instance answers commands in one queue group, so each request is handled once. */
export const ORDERS_QUEUE_GROUP = 'svc-orders';
