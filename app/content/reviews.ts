export interface Review {
  quote: string;
  author: string;
  /** Town and state, e.g. "Cary, NC". */
  location: string;
  /** Where and when it was left, as the card shows it: "Google review, March 2026". */
  left: string;
}

export const reviews: readonly Review[] = [
  {
    quote:
      "Our fridge was warm but the freezer was fine, and I was ready to buy a new one. The technician came the next afternoon, found the evaporator fan motor had died, and had a replacement on his truck. Cooling again within the hour.",
    author: "Maria G.",
    location: "Dallas, TX",
    left: "Google review, March 2026",
  },
  {
    quote:
      "Front-loader stopped draining mid-cycle with a tub full of water. Turned out to be a baby sock stuck in the drain pump. He cleared it, showed me where the filter door is, and charged a lot less than I expected.",
    author: "Kevin P.",
    location: "Arlington, VA",
    left: "Google review, January 2026",
  },
  {
    quote:
      "Our electric dryer ran but wouldn't heat. The tech replaced the thermal fuse, then went outside and pulled a big wad of lint out of the vent, which he said was why the fuse blew in the first place. Clothes dry in one cycle again.",
    author: "Denise W.",
    location: "Spring Hill, FL",
    left: "Yelp review, August 2025",
  },
  {
    quote:
      "Gas oven took forever to preheat and then stopped lighting. Anthony tested the igniter, explained it was still glowing but no longer drawing enough current to open the gas valve, and replaced it the same visit. Booked on a Monday, fixed on Tuesday.",
    author: "Robert L.",
    location: "Somerset, NJ",
    left: "Google review, May 2026",
  },
  {
    quote:
      "Honest people. Our front-load washer was roaring on the spin cycle and the technician told us straight out that it was the tub bearings and the repair would cost close to a new machine. We paid for the service call and nothing more, and nobody tried to sell us anything.",
    author: "Priya S.",
    location: "Cary, NC",
    left: "Google review, October 2025",
  },
  {
    quote:
      "Dishwasher was leaving a film and bits of food on everything. I didn't even know it had a filter. He cleaned it, cleared the spray arm holes and replaced a weak circulation pump. Dishes come out clean now.",
    author: "Tom H.",
    location: "Hingham, MA",
    left: "Facebook review, February 2026",
  },
  {
    quote:
      "Ice maker quit on our side-by-side. Same technician came out both times: once to diagnose a bad water inlet valve, and again two days later with the part. Quick, polite, and he put down a mat before pulling the fridge out.",
    author: "Angela R.",
    location: "Manassas, VA",
    left: "Google review, June 2026",
  },
  {
    quote:
      "Our over-the-range microwave was running but not heating. The tech explained the capacitor can hold a dangerous charge even unplugged, discharged it, and found a failed high-voltage diode. Good as new for a fraction of the replacement cost.",
    author: "James T.",
    location: "Galveston, TX",
    left: "Yelp review, April 2026",
  },
  {
    quote:
      "Dryer was squealing so loud we could hear it from upstairs. New idler pulley and drum rollers, done in about 45 minutes. He also pointed out our vent was the flimsy foil kind and suggested switching to metal.",
    author: "Lisa M.",
    location: "Union, NJ",
    left: "Google review, September 2026",
  },
  {
    quote:
      "Called about a dishwasher that wouldn't start. The technician found the GFCI outlet under the sink had tripped, reset it and ran a cycle to make sure everything worked. No charge, which I did not expect.",
    author: "Carlos D.",
    location: "Brooksville, FL",
    left: "Google review, December 2025",
  },
  {
    quote:
      "Our washer shook so badly it moved a few inches every load. He replaced both shock absorbers and leveled the feet. Quiet and steady since.",
    author: "Brenda K.",
    location: "Sanford, NC",
    left: "Facebook review, July 2026",
  },
  {
    quote:
      "Refrigerator had a sheet of frost on the back panel of the freezer and the fridge kept warming up. Diagnosed as a failed defrost heater, fixed the same day. The technician explained everything clearly and cleaned up after himself.",
    author: "Michael O.",
    location: "Scituate, MA",
    left: "Google review, November 2025",
  },
  {
    quote:
      "Front burner on our gas range kept clicking and wouldn't light. Turned out to be a cracked spark electrode. Appointment was on a Saturday morning, which made it easy for us.",
    author: "Sandra J.",
    location: "Rockwall, TX",
    left: "Yelp review, August 2026",
  },
];
