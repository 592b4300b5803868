import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { waveformOf } from '../message-format';
import { silentWav } from '../story-data';
import { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';

function SpeedCycleDemo(args: AudioPlayerProps) {
  const [rate, setRate] = useState(1.5);
  return <AudioPlayer {...args} rate={rate} onRateChange={setRate} />;
}

const meta = {
  title: 'Chat/AudioPlayer',
  component: AudioPlayer,
  args: {
    src: silentWav(3),
    waveform: waveformOf({ id: '1', dataJson: { waveform: [3, 10, 30, 60, 90, 70, 40, 20, 50, 80, 35, 15] } }).bars,
    rate: 1,
    onRateChange: fn(),
  },
} satisfies Meta<typeof AudioPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithWaveform: Story = {};

/** No waveform in the message: 64 placeholder bars. */
export const PlaceholderWaveform: Story = { args: { waveform: waveformOf({ id: '42', dataJson: null }).bars } };

export const Loading: Story = { args: { src: null } };

/** The speed button cycles 0.5, 1, 1.5, 2. */
export const SpeedCycle: Story = {
  render: (args) => <SpeedCycleDemo {...args} />,
};
