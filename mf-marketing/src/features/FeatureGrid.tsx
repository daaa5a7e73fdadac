import { Icon } from '../components/Icon.js';
import type { Feature } from './feature-catalogue.js';

/** Feature cards: an icon, a title and a sentence each. */
export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="mk-feature-grid">
      {features.map((feature) => (
        <li key={feature.title} className="ov-card mk-feature">
          <span className="mk-feature__icon">
            <Icon name={feature.icon} />
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
