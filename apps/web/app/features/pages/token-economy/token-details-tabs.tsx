import { useEffect, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { tokenEconomyTabs, type TokenEconomyTabId } from "~/content/token";
import { DistributionPanel } from "./distribution-panel";
import { RoiCalculator } from "./roi-calculator";
import { TierBenefits } from "./tier-benefits";

const isTabId = (value: string): value is TokenEconomyTabId => tokenEconomyTabs.some((tab) => tab.id === value);

const PANELS: Record<TokenEconomyTabId, () => React.JSX.Element> = {
  tiers: TierBenefits,
  tokenomics: DistributionPanel,
  calculator: RoiCalculator,
};

/** Tier Benefits (default), Distribution and ROI Calculator; #tiers, #tokenomics or #calculator opens a tab. */
export function TokenDetailsTabs() {
  const [tab, setTab] = useState<TokenEconomyTabId>("tiers");
  useEffect(() => {
    const openFromHash = () => {
      const fromHash = window.location.hash.slice(1);
      if (isTabId(fromHash)) setTab(fromHash);
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, []);
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        if (!isTabId(value)) return;
        setTab(value);
        window.history.replaceState(window.history.state, "", `#${value}`);
      }}
    >
      <TabsList aria-label="Token details">
        {tokenEconomyTabs.map((item) => (
          <TabsTrigger key={item.id} value={item.id}>
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tokenEconomyTabs.map((item) => {
        const Panel = PANELS[item.id];
        return (
          <TabsContent key={item.id} value={item.id} data-tab-panel={item.id}>
            <Panel />
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
