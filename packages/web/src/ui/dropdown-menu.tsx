import { Check, Circle } from 'lucide-react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

const ITEM = cn(
  'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-[13px] outline-none select-none',
  'data-[highlighted]:bg-surface-hover data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
);

function MenuContent({ children, align = 'end', className }: { children: ReactNode; align?: 'start' | 'end'; className?: string }) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align={align}
        sideOffset={6}
        className={cn('z-50 min-w-52 rounded-md border border-border bg-surface p-1 shadow-lg', className)}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

function MenuItem({ className, ...props }: RadixMenu.DropdownMenuItemProps) {
  return <RadixMenu.Item className={cn(ITEM, className)} {...props} />;
}

function MenuCheckboxItem({ children, ...props }: RadixMenu.DropdownMenuCheckboxItemProps) {
  return (
    <RadixMenu.CheckboxItem className={cn(ITEM, 'pl-7')} {...props}>
      <RadixMenu.ItemIndicator className="absolute left-2 inline-flex">
        <Check className="size-3.5" aria-hidden="true" />
      </RadixMenu.ItemIndicator>
      {children}
    </RadixMenu.CheckboxItem>
  );
}

function MenuRadioItem({ children, ...props }: RadixMenu.DropdownMenuRadioItemProps) {
  return (
    <RadixMenu.RadioItem className={cn(ITEM, 'pl-7')} {...props}>
      <RadixMenu.ItemIndicator className="absolute left-2.5 inline-flex">
        <Circle className="size-2 fill-current" aria-hidden="true" />
      </RadixMenu.ItemIndicator>
      {children}
    </RadixMenu.RadioItem>
  );
}

function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-2 py-1.5 text-xs text-muted">{children}</RadixMenu.Label>;
}

function MenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-border" />;
}

export const DropdownMenu = Object.assign(RadixMenu.Root, {
  Trigger: RadixMenu.Trigger,
  Content: MenuContent,
  Item: MenuItem,
  CheckboxItem: MenuCheckboxItem,
  RadioGroup: RadixMenu.RadioGroup,
  RadioItem: MenuRadioItem,
  Label: MenuLabel,
  Separator: MenuSeparator,
  Group: RadixMenu.Group,
});
