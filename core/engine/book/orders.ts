// Plans an order carries until it finishes: the take-profit and stop-loss legs it will leave behind.
export interface ExitLeg {
  id: number;
  price: number;
}
export interface ExitPlan {
  takeProfit: ExitLeg | null;
  stopLoss: ExitLeg | null;
}
