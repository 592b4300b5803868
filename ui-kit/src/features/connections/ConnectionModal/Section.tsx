import { useId, type ReactNode } from 'react';

/** One titled part of the connection modal (a region named by its heading). */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={className ? `atd-ConnectionModal-section ${className}` : 'atd-ConnectionModal-section'} aria-labelledby={id}>
      <h3 id={id} className="atd-ConnectionModal-sectionTitle">
        {title}
      </h3>
      {children}
    </section>
  );
}
