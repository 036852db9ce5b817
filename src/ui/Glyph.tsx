/**
 * An icon of antd's set (outlined or filled) drawn from its definition in @ant-design/icons-svg as plain markup:
 * the same `anticon` span and 1em SVG in the text colour as @ant-design/icons, without the per-instance work of
 * its component (context, refs, twotone colours worked out when its module loads, and an effect that looks
 * through the document's styles each time one mounts). Every icon of the portal is one: a list of 25 rows drew 75
 * of them on its first render, and the layout's menu, top bar and bell as many again; @ant-design/icons' component
 * is then left to antd's own components (ARCHITECTURE.md).
 */
import './ui.css';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';
import { classNames } from './class-names';

/** `fill-rule` → `fillRule`, `class` → `className`: the attribute names React expects. */
const reactName = (name: string) =>
  name === 'class' ? 'className' : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const attributesOf = (node: AbstractNode) =>
  Object.fromEntries(Object.entries(node.attrs).map(([name, value]) => [reactName(name), value]));

const draw = (node: AbstractNode, key: number): ReactNode =>
  createElement(node.tag, { key, ...attributesOf(node) }, node.children?.map(draw));

export interface GlyphProps {
  icon: IconDefinition;
  className?: string;
  /**
   * The icon's own name, where it stands alone for a value (a cell's yes or no): an image of that name. Without
   * it the icon is decorative (`aria-hidden`), and the control or cell it sits in carries the name.
   */
  label?: string;
}

export function Glyph({ icon, className, label }: GlyphProps) {
  if (typeof icon.icon === 'function')
    throw new Error(`Glyph draws outlined and filled icons, not ${icon.name}`);
  const svg = icon.icon;
  return (
    <span
      className={classNames('anticon', `anticon-${icon.name}`, 'ui-glyph', className)}
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      <svg {...attributesOf(svg)} width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
        {svg.children?.map(draw)}
      </svg>
    </span>
  );
}
