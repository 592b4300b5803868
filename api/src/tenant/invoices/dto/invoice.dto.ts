import { ApiProperty } from '@nestjs/swagger';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../invoice.entity';

export class InvoiceDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Plano Ouro · 1 mês (vencimento 10/01/2027)' }) detail!: string;
  @ApiProperty({ description: 'BRL, 2 decimals; priced by the server from the plan', example: 149.9 }) value!: number;
  @ApiProperty({ format: 'date', example: '2027-01-10' }) dueDate!: string;
  @ApiProperty({
    enum: INVOICE_STATUSES,
    enumName: 'InvoiceStatus',
    description: "Stored status. The screen shows 'Pago' when paid, 'Vencido' when open with dueDate before today, else 'Em Aberto'.",
  })
  status!: InvoiceStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'The plan priced (set null if that plan was deleted)' }) planId!: number | null;
  @ApiProperty({ description: 'Months of service the invoice pays for' }) periodMonths!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function mapInvoice(invoice: Invoice): InvoiceDto {
  return {
    id: invoice.id,
    detail: invoice.detail,
    value: Number(invoice.value),
    dueDate: invoice.dueDate,
    status: invoice.status,
    planId: invoice.planId ?? null,
    periodMonths: invoice.periodMonths,
    paidAt: invoice.paidAt ? invoice.paidAt.toISOString() : null,
    createdAt: invoice.createdAt.toISOString(),
  };
}

export class InvoicePageDto {
  @ApiProperty({ type: [InvoiceDto] }) invoices!: InvoiceDto[];
  @ApiProperty({ description: 'Invoices matching the search' }) count!: number;
  @ApiProperty() hasMore!: boolean;
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    invoice: InvoiceDto;
  }
}
