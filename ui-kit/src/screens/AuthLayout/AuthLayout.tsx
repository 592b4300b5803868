import type { ReactNode } from 'react';

export interface AuthLayoutProps {
  title: string;
  /** Logo or app name above the title. */
  brand?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the public screens (login, sign-up, password reset). */
export function AuthLayout({ title, brand, children, footer }: AuthLayoutProps) {
  return (
    <main className="atd-AuthLayout">
      <section className="atd-AuthLayout-card" aria-labelledby="atd-auth-title">
        {brand && <div className="atd-AuthLayout-brand">{brand}</div>}
        <h1 id="atd-auth-title" className="atd-AuthLayout-title">
          {title}
        </h1>
        {children}
        {footer && <div className="atd-AuthLayout-footer">{footer}</div>}
      </section>
    </main>
  );
}
