import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { Button } from '../../ui/button';

interface Props {
  children: ReactNode;
  /** 'Clear messages and refresh': clears the chat, then the panel renders again. */
  onReset: () => Promise<void> | void;
}

/** The panel's own error screen (spec part 2 §8): 'Something went wrong with the AI Assistant'. */
export class PanelErrorBoundary extends Component<Props, { error: Error | null; resetting: boolean }> {
  override state = { error: null as Error | null, resetting: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('AI assistant error:', error, info.componentStack);
  }

  reset = async (): Promise<void> => {
    this.setState({ resetting: true });
    try {
      await this.props.onReset();
    } finally {
      this.setState({ error: null, resetting: false });
    }
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-sm font-medium">{ASSISTANT_MESSAGES.panelCrashed}</p>
        <p className="max-w-72 text-xs text-muted">{this.state.error.message}</p>
        <Button size="sm" onClick={() => void this.reset()} loading={this.state.resetting}>
          {ASSISTANT_MESSAGES.clearAndRefresh}
        </Button>
      </div>
    );
  }
}
