/** Tag tone of a discount or voucher status. */
export const statusTone = (status: string) =>
  status === 'ACTIVE'
    ? 'success'
    : status === 'WAITING_APPROVAL' || status === 'WAITING'
      ? 'warning'
      : status === 'NOT_ACTIVE'
        ? 'default'
        : 'error';
