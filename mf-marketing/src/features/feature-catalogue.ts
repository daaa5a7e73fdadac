import type { IconName } from '../components/Icon.js';
import { commitments } from '../legal/commitments.js';

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

export interface FeatureGroup {
  id: 'buyers' | 'sellers' | 'technical';
  title: string;
  lead: string;
  features: Feature[];
}

/** The features page's three groups (spec 001 §2: buyers, sellers, technical). */
export const featureGroups: FeatureGroup[] = [
  {
    id: 'buyers',
    title: 'For buyers',
    lead: 'Know where your order is without chasing the shop.',
    features: [
      {
        icon: 'search',
        title: 'Track without an account',
        text: 'Look up any order with the email, postcode and order number from your confirmation. No sign-up needed.',
      },
      {
        icon: 'parcel',
        title: 'A clear timeline',
        text: 'See when your order was placed, shipped and delivered, with the courier, the tracking number and the seller’s own message.',
      },
      {
        icon: 'message',
        title: 'Ask the seller',
        text: 'Send a question about an order from the tracking page and follow the seller’s replies.',
      },
      {
        icon: 'person',
        title: 'All your orders in one place',
        text: 'A free buyer account keeps the orders you claim, with your own nicknames and notes, and every question you asked.',
      },
    ],
  },
  {
    id: 'sellers',
    title: 'For sellers',
    lead: 'Fewer “where is my order?” emails, more time for your shop.',
    features: [
      {
        icon: 'upload',
        title: 'CSV import',
        text: 'Bring in thousands of orders from a spreadsheet. Columns are matched for you and progress shows as it runs.',
      },
      {
        icon: 'sync',
        title: 'Big Cartel sync',
        text: 'Connect your store once: orders arrive by themselves and shipping is marked back in your store. Etsy and Shopify are coming soon.',
      },
      {
        icon: 'truck',
        title: 'Shipping in a few clicks',
        text: 'Add the courier and tracking number, ship part of an order, and your buyer sees it straight away.',
      },
      {
        icon: 'tag',
        title: 'Keyword messages',
        text: 'Show a custom message to buyers whose order matches a product keyword: preorders, made-to-order items, delays.',
      },
      {
        icon: 'message',
        title: 'Buyer queries inbox',
        text: 'Every question from your buyers in one inbox, with unread counts and your replies.',
      },
      {
        icon: 'chart',
        title: 'Reports and analytics',
        text: 'Export reports as CSV, Excel or PDF, and see your countries, best sellers, revenue, customers, couriers and peak times.',
      },
    ],
  },
  {
    id: 'technical',
    title: 'Under the hood',
    lead: 'Built carefully, so you can rely on it.',
    features: [
      {
        icon: 'lock',
        title: 'Private by design',
        text: 'Each seller’s data is kept apart from every other seller’s, passwords are stored as secure hashes and sign-ins expire. Card details stay with Stripe.',
      },
      {
        icon: 'shield',
        title: 'Dependable',
        text: `We aim for ${commitments.uptimeTarget} uptime, and a part of the site that fails never takes the rest down with it.`,
      },
      {
        icon: 'bolt',
        title: 'Fast on any device',
        text: 'Pages load only the code they need, and work on a phone as well as on a wide screen.',
      },
      {
        icon: 'access',
        title: 'Accessible',
        text: 'Every page works with a keyboard and a screen reader, and is checked with automated accessibility tests.',
      },
      {
        icon: 'layers',
        title: 'Ready to grow',
        text: 'Imports and exports stream, so ten orders or a hundred thousand get the same care.',
      },
    ],
  },
];
