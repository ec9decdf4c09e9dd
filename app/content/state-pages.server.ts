// Content, not code: each state page's sections and towns, the words a homeowner reads (about 380
// lines of text), kept in one module so the six states read and change side by side.
import type { Locale } from "~/lib/locale";

import { spanishStatePages } from "./es/state-pages.server";
import type { StateSlug } from "./states";

export interface TitledText {
  title: string;
  text: string;
}

export interface StatePageContent {
  slug: StateSlug;
  metaDescription: string;
  /** Two paragraphs that could only be written about this state. */
  intro: readonly string[];
  /** One paragraph introducing the areas served. */
  areasIntro: string;
  /** Four to six reasons, specific to this state's offices and customers. */
  whyChooseUs: readonly TitledText[];
  /** Four to six local issues that are true of this state. */
  localIssues: readonly TitledText[];
  callToAction: { heading: string; text: string };
}

export const statePages: readonly StatePageContent[] = [
  {
    slug: "virginia",
    metaDescription:
      "Northern Virginia appliance repair from our Fairfax office. Refrigerators, washers, dryers, ovens and dishwashers fixed in Fairfax, Arlington and Loudoun.",
    intro: [
      "Northern Virginia homes work their appliances hard. A townhouse in Centreville or a condo in Arlington often has a stacked washer and dryer in a hallway closet, a dishwasher that runs every night and a refrigerator that has to get through a long, sticky summer. When one of them quits, the week's plans usually go with it.",
      "Easy Appliance Repair serves the region from an office on University Drive in Fairfax. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves, and we plan visits around the way people here live: long commutes on I-66 and I-95, building rules about when contractors may come in, and households where nobody is home until late afternoon. You choose a morning, afternoon or evening window, and we usually reach you within 48 hours.",
    ],
    areasIntro:
      "From Fairfax we cover the counties and independent cities of Northern Virginia: Fairfax County and the City of Fairfax where our office sits; Arlington, Alexandria and Falls Church inside the Beltway; Loudoun to the northwest and Prince William to the south, including the cities of Manassas and Manassas Park; and farther out to Fauquier and Stafford. A high-rise near a Metro station, a 1960s split-level or a new build in Loudoun all get the same team and the same standards.",
    whyChooseUs: [
      {
        title: "Condo and HOA visits done right",
        text: "Many buildings in Arlington and Alexandria ask contractors to check in at the front desk, reserve the service elevator or send paperwork ahead. Tell us what your building or HOA requires when you book, and we sort it out before the technician arrives.",
      },
      {
        title: "Windows that fit a commute",
        text: "We work Monday through Saturday, 8 AM to 6 PM, with morning, afternoon and evening windows. If you can't leave the office early, a late-afternoon slot or a Saturday visit usually solves it.",
      },
      {
        title: "At home with stacked and closet laundry",
        text: "Compact stacked washer-dryers and closet installs are standard in Northern Virginia townhouses and condos. Our technicians know how to service them in tight spaces without damaging floors, trim or the water and vent connections behind them.",
      },
      {
        title: "One technician from start to finish",
        text: "If your repair needs a part, the same technician who diagnosed it comes back to install it. You don't have to explain the problem twice or wonder who will show up.",
      },
      {
        title: "Checked people in your home",
        text: "Everyone we send into a home has passed a background check and a drug test, so you know who is coming through your door, whether it's a single-family house or a unit in a secured building.",
      },
    ],
    localIssues: [
      {
        title: "Long, stacked dryer vents",
        text: "Townhouses and condos often send dryer exhaust through long runs to the roof or into shared shafts. Lint collects along the way, loads take two or three cycles to dry, and the dryer runs hot enough to blow thermal fuses and wear out heating elements. A clogged vent is also a well-known cause of dryer fires, so long dry times are worth a call.",
      },
      {
        title: "Hot, humid summers",
        text: "Northern Virginia summers are hot and muggy. Refrigerators and freezers run longer to keep up, dust and pet hair build up on the condenser coils, and worn door gaskets let in humid air that turns into frost and water on the floor. Garage and basement freezers work hardest of all.",
      },
      {
        title: "Harder water in Loudoun and Prince William",
        text: "Water in parts of Loudoun and Prince William is moderately hard. Over time the minerals leave scale on dishwasher spray arms, narrow the screens in washer and dishwasher inlet valves, and slow refrigerator ice makers, which shows up as cloudy glasses, slow fills and small or hollow ice cubes.",
      },
      {
        title: "Summer storms and power surges",
        text: "Afternoon thunderstorms roll through all summer and knock out power for minutes or hours. The surge when power returns is hard on the electronic control boards in newer refrigerators, ranges and washers. A quality surge protector is cheap insurance, and we can tell you whether a dead appliance needs a board or just a reset.",
      },
      {
        title: "Post-war homes with older wiring",
        text: "Arlington, Falls Church and the older parts of Fairfax County have many homes and garden apartments built in the 1940s to 1960s. Kitchens that have been updated often still run new appliances on old circuits, which leads to tripped breakers, loose outlets and appliances that reset themselves. We tell you plainly when the fix belongs to an electrician rather than to us.",
      },
    ],
    callToAction: {
      heading: "Appliance trouble in Northern Virginia?",
      text: "Call our Fairfax office or book online. Tell us the appliance, the brand and what it's doing, and we'll offer a window that works around your commute and your building's rules.",
    },
  },
  {
    slug: "new-jersey",
    metaDescription:
      "Central New Jersey appliance repair from our Bridgewater office. Washers, dryers, fridges and ovens fixed in Somerset, Middlesex, Monmouth and Ocean.",
    intro: [
      "Central New Jersey is full of houses built in the 1950s, '60s and '70s: split-levels in Middlesex County, capes and ranches in Somerset, and shore houses in Monmouth and Ocean, many of them raised and rebuilt since Sandy. A lot of them still have the laundry in the basement and the original dryer vent route, and the appliances inside are far more complicated than anything the house was built for.",
      "Easy Appliance Repair runs its New Jersey service from an office on Route 22 in Bridgewater, with Routes 202, 206, 287 and 78 all close by. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves, Monday through Saturday, and we usually reach you within 48 hours, whether you're ten minutes from the office or down the Parkway at the Shore.",
    ],
    areasIntro:
      "From Bridgewater we serve Somerset County, where the office is, along with neighboring Hunterdon, Union and Middlesex; Mercer County around Princeton and Trenton; Monmouth and Ocean along the Shore; and Burlington County to the south. That takes in everything from horse farms in Hunterdon and apartments in New Brunswick to summer houses from Asbury Park down to Long Beach Island.",
    whyChooseUs: [
      {
        title: "A central office near your exit",
        text: "Bridgewater sits where Routes 287, 78, 22 and 202 meet, so our technicians reach Somerset, Hunterdon, Middlesex and Union quickly and can head down to Monmouth and Ocean without starting from North Jersey traffic.",
      },
      {
        title: "Comfortable in older houses",
        text: "Low basement ceilings, narrow stairs, two-prong outlets and dryer vents that snake through a finished basement are everyday work for us. We fix the appliance, and we tell you straight when an outlet, circuit or vent needs a licensed electrician or contractor instead.",
      },
      {
        title: "Shore houses and second homes",
        text: "If your Shore house is a second home, tell us when you book who will let the technician in, and the technician can call you to go over what they found.",
      },
      {
        title: "The same technician every visit",
        text: "When a repair needs a part, the technician who diagnosed the problem comes back to finish the job. They already know your appliance and your house.",
      },
      {
        title: "Backed by a money-back guarantee",
        text: "Our repairs come with a money-back guarantee, and the people we send into your home have passed background checks and drug tests.",
      },
    ],
    localIssues: [
      {
        title: "Salt air at the Jersey Shore",
        text: "In Monmouth and Ocean counties the salt air gets into everything. It corrodes refrigerator condenser coils and fan motors, pits washer and dryer cabinets, and eats at electrical terminals, which causes intermittent faults that come and go with the weather. Garage fridges and outdoor kitchen units near the beach take the worst of it.",
      },
      {
        title: "Moderately hard water",
        text: "Water in parts of central New Jersey is moderately hard, and many Hunterdon County homes on private wells have harder water still. Minerals build up in dishwasher spray arms and filters, clog washer and dishwasher inlet screens, and slow down ice makers and refrigerator water dispensers.",
      },
      {
        title: "Basement laundry, damp and sump pumps",
        text: "Basement laundry rooms run damp in summer, which rusts washer and dryer cabinets and leaves dryers pulling in humid air. Where a basement takes on water, the motors and control boards that sit low in washers and dryers are the first to go, as many Somerset County homes near the Raritan and Millstone rivers found out during Ida in 2021. A washer that drains into a laundry sink shared with a sump line is another common source of backups.",
      },
      {
        title: "Aging wiring and dryer vents in mid-century homes",
        text: "Many homes from the 1950s to the 1970s still have original circuits, ungrounded outlets and flexible foil or plastic dryer ducts. Newer appliances with electronic controls don't like loose or ungrounded connections, and crushed or plastic ducts trap lint and overheat dryers. Rigid metal ducting is the safer choice.",
      },
      {
        title: "Nor'easters, coastal storms and surges",
        text: "Nor'easters and tropical storms bring long outages, and the surge when power comes back can take out control boards in refrigerators, ranges and washers. If an appliance sat in floodwater, don't plug it back in until it has been checked: water in the wiring and controls is a shock and fire hazard.",
      },
    ],
    callToAction: {
      heading: "Central Jersey appliance on the fritz?",
      text: "Call our Bridgewater office or schedule online. From Somerset to the Shore, we'll find a time that works and send a technician who knows New Jersey homes.",
    },
  },
  {
    slug: "texas",
    metaDescription:
      "Houston and Dallas–Fort Worth appliance repair. Hard water, heat and storm damage fixed on refrigerators, washers, dryers and dishwashers. Book a visit.",
    intro: [
      "Texas is tough on appliances. Houston summers start early and end late, the water across the Houston and Dallas–Fort Worth areas is hard enough to leave scale in everything it runs through, and every hurricane season brings the chance of long outages along the Gulf Coast. A refrigerator in a Katy garage or a dishwasher in a Sugar Land kitchen works a lot harder than the same model would up north.",
      "Easy Appliance Repair's Texas office is on West Alabama Street near the Galleria in Houston. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves, and we usually get a technician to you within 48 hours. Appointments run Monday through Saturday, 8 AM to 6 PM Central time, in morning, afternoon and evening windows.",
    ],
    areasIntro:
      "Our Houston office covers Harris County and the counties around it: Fort Bend, Montgomery, Brazoria, Galveston, Liberty, Waller, Wharton and Walker. Our Texas service area also takes in the Dallas–Fort Worth counties of Dallas, Tarrant, Collin, Denton, Rockwall, Ellis and Kaufman. That means Pearland, League City, The Woodlands and Huntsville around Houston, and Plano, Frisco, Arlington, Rockwall and Waxahachie up north.",
    whyChooseUs: [
      {
        title: "Built around Texas heat",
        text: "We see worn-out condenser fans, clogged coils and overworked compressors every summer. When we're at your refrigerator we look at how it's coping with the heat, not just the part that failed, so you're not calling us again in August.",
      },
      {
        title: "Hard-water repairs that last",
        text: "Scaled inlet valves, clogged spray arms and sluggish ice makers are routine work here. We replace what's worn, clear what can be cleared, and show you the simple upkeep that keeps scale from coming straight back.",
      },
      {
        title: "Ready for storm season",
        text: "After an outage, an appliance that won't start may need a new control board, or it may just need a reset. We know what to check first so you only pay for the repair you actually need.",
      },
      {
        title: "Houston and Dallas–Fort Worth",
        text: "One company covers the Houston counties and the Dallas–Fort Worth area, with the same promises everywhere: service usually within 48 hours, a money-back guarantee and honest technical advice.",
      },
      {
        title: "One technician, background-checked",
        text: "The technician who diagnoses your appliance is the one who comes back to finish the job, and everyone we send into a home has passed a background check and a drug test.",
      },
    ],
    localIssues: [
      {
        title: "Very hard water",
        text: "Houston and Dallas–Fort Worth both have hard water. Calcium and magnesium build up in dishwasher and washer inlet valves until the screens clog and fills slow to a trickle, coat dishwasher spray arms and heating elements, and shrink the ice coming out of refrigerator ice makers. Cloudy glasses and slow-filling washers are often the first sign.",
      },
      {
        title: "Long, hot, humid summers",
        text: "From May into October refrigerators run almost nonstop. Dust, lint and pet hair clog the condenser coils, the compressor runs hotter, and the fridge slowly stops keeping food cold. Garage refrigerators and freezers have it worst: most models aren't designed for a Texas garage in August.",
      },
      {
        title: "Hurricane season outages and surges",
        text: "Hurricane season runs from June through November, and storms like Beryl in 2024 have left much of the Houston area without power for days. Outages spoil food and leave odors in refrigerators, and the surges and brownouts when power returns damage control boards and compressor start components.",
      },
      {
        title: "Slab homes and long dryer vents",
        text: "Most Texas homes sit on slab foundations, so dryers are often vented up through the attic to the roof or through a long run to an outside wall. Lint piles up in those long ducts and at the roof cap, drying takes longer and longer, and the dryer overheats until a thermal fuse or heating element fails. Cleaning the vent regularly is a safety job as much as a repair.",
      },
      {
        title: "Rare freezes, costly damage",
        text: "Hard freezes don't come often, but when they do, as in February 2021, water left in washers and in ice maker lines running through garages and exterior walls can freeze and crack valves and hoses. If a freeze is coming, keeping those spaces warm is worth the trouble.",
      },
    ],
    callToAction: {
      heading: "Beat the heat: get your appliance fixed",
      text: "Call our Houston office or book online. Tell us what's wrong, and we'll send a technician who knows what Texas water, heat and storms do to appliances.",
    },
  },
  {
    slug: "north-carolina",
    metaDescription:
      "Appliance repair from our Sanford office for Lee, Chatham, Harnett, Moore and Wake towns. Well-water, storm and everyday repairs on all major appliances.",
    intro: [
      "Our North Carolina service area runs from farm country to fast-growing suburbs. West of Sanford, homes in Bonlee, Goldston and Bear Creek often sit on private wells, with appliances that have worked hard for years. To the east, new subdivisions in Apex, Holly Springs and Fuquay-Varina are filling up with brand-new machines full of sensors and electronics. Both need a repair service that knows what it's walking into.",
      "Easy Appliance Repair works from an office on South Horner Boulevard in Sanford, right in the middle of that territory. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves, usually within 48 hours, and the same technician stays with your repair from diagnosis to the finished job.",
    ],
    areasIntro:
      "From Sanford we serve Lee County communities like Broadway and Lemon Springs; Chatham County's Pittsboro, Siler City, Goldston, Bonlee, Bennett, Bear Creek, Gulf and Moncure; Harnett County's Lillington, Buies Creek and Olivia; Moore County's Carthage, Cameron, Vass, Lakeview and High Falls; and the Triangle, from New Hill, Apex, Holly Springs and Fuquay-Varina to Cary, Raleigh and Chapel Hill.",
    whyChooseUs: [
      {
        title: "Central to town and country",
        text: "Sanford sits between the rural towns of Chatham, Lee, Harnett and Moore counties and the Triangle suburbs, so we can reach a farmhouse outside Siler City and a new build in Holly Springs in the same day.",
      },
      {
        title: "We understand well water",
        text: "Iron and sediment from private wells are behind many of the washer, dishwasher and ice maker problems we see. We clear or replace the clogged parts and tell you what would help upstream, such as a sediment filter, so the problem doesn't come right back.",
      },
      {
        title: "Old machines and new ones",
        text: "We work on the decades-old washer in a farmhouse and the app-connected range in a new subdivision. When an older appliance isn't worth fixing or parts are no longer made, we say so before you spend money on it.",
      },
      {
        title: "Easy to find you",
        text: "Gravel driveways, gates, dogs and houses without a visible number are part of rural service. Tell us about them when you book and the technician will have the details before setting out.",
      },
      {
        title: "The same trusted technician",
        text: "Every technician we send has passed a background check and a drug test, and the one who diagnoses your appliance is the one who comes back to finish the repair.",
      },
    ],
    localIssues: [
      {
        title: "Well water: iron and sediment",
        text: "Many homes in rural Chatham, Lee and Moore counties draw from private wells, and Piedmont well water often carries iron, manganese and fine sediment. It clogs the inlet screens on washers, dishwashers and refrigerator water valves, causing slow fills and error codes, stains laundry and tubs orange, and wears out ice makers early.",
      },
      {
        title: "Humid summers",
        text: "Central North Carolina summers are hot and humid. Refrigerators and freezers in garages, on porches and in outbuildings run constantly, front-load washers grow mildew in their door gaskets, and dryers take longer when they're pulling in damp air.",
      },
      {
        title: "Red-clay dust and mud",
        text: "Red clay gets everywhere. The dust coats refrigerator condenser coils and clogs dryer lint paths, and the grit from muddy work clothes settles in washer drain pumps and filters. Shaking work clothes out before washing and cleaning the coils once or twice a year go a long way.",
      },
      {
        title: "Thunderstorms and hurricane remnants",
        text: "Summer thunderstorms bring lightning and outages, and hurricanes can stay strong far inland, as Fran did in 1996. Rural power lines go down often, and the surges when power returns damage control boards in newer appliances. Surge protectors help, and unplugging during a bad storm helps more.",
      },
      {
        title: "New-construction install problems",
        text: "In the new Triangle subdivisions we often find problems that date back to installation: dishwasher drain hoses without a high loop, kinked water lines behind refrigerators, and dryer ducts crushed against the wall. They cause leaks, odors and slow drying that look like a broken appliance but are simple to correct.",
      },
    ],
    callToAction: {
      heading: "From Siler City to Cary, we'll come to you",
      text: "Call our Sanford office or schedule online. Tell us the appliance and what it's doing, and let us know if you're on well water. It helps us bring the right parts.",
    },
  },
  {
    slug: "florida",
    metaDescription:
      "Spring Hill appliance repair for Hernando and Pasco homes: washers, dryers, fridges and dishwashers worn down by hard water, humidity and salt air.",
    intro: [
      "On Florida's Gulf coast north of Tampa, appliances never get a season off. The air conditioning keeps the living room comfortable, but garages, laundry rooms and lanais stay humid all year. The water drawn from the limestone aquifer is hard enough to leave a white crust on faucets, and homes a few miles from the Gulf breathe salt air every day.",
      "Easy Appliance Repair's Florida office is on Commercial Way (US 19) in Spring Hill. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves across Hernando and Pasco counties, usually within 48 hours, with appointments Monday through Saturday.",
    ],
    areasIntro:
      "From Spring Hill we serve our home community and Brooksville, the Hernando County seat, inland; Aripeka on the Gulf at the Hernando–Pasco line; and Moon Lake and Holiday in Pasco County. Whether you live in a canal house near the water, a block home in one of Spring Hill's neighborhoods or a condo off US 19 in Holiday, the same local office takes your call.",
    whyChooseUs: [
      {
        title: "Right here on US 19",
        text: "Our office is on Commercial Way in Spring Hill, so the coast, Brooksville and the Pasco communities to the south are all a short drive away.",
      },
      {
        title: "Help for seasonal residents",
        text: "If you spend part of the year up north, book a visit for the week you get back. Appliances that sat idle for months often need seals, valves and drains looked at, and it's easier to catch that before the ice maker floods the kitchen.",
      },
      {
        title: "After-storm checkups",
        text: "Once the power is back, an appliance that won't start may need a control board, or it may need nothing more than a reset. We check the simple things first so you only pay for what's actually broken.",
      },
      {
        title: "We know humidity and salt",
        text: "Mildew in washer gaskets, rust on dryer drums and corroded refrigerator coils are everyday Florida repairs for us, and we'll show you what keeps them from coming back.",
      },
      {
        title: "Trusted, guaranteed service",
        text: "Every technician we send has passed a background check and a drug test, the same technician follows your repair through to the end, and our work is backed by a money-back guarantee.",
      },
    ],
    localIssues: [
      {
        title: "Hard water from the limestone aquifer",
        text: "Most local water comes from the Floridan aquifer, which runs through limestone and picks up plenty of calcium. The scale builds up in dishwasher spray arms and heating elements, clogs washer and dishwasher inlet valves, and slows refrigerator ice makers and water dispensers.",
      },
      {
        title: "Year-round humidity",
        text: "Front-load washers trap moisture in their rubber door gaskets, where mildew grows and leaves a musty smell in clean laundry. Dryers in garages pull in humid air and take longer to dry, and moisture in the vent mixes with lint and rusts metal ducts. Leaving the washer door open between loads helps.",
      },
      {
        title: "Salt air near the coast",
        text: "In Aripeka, Holiday and other communities near the Gulf, salt air corrodes refrigerator condenser coils, fan motors and electrical connections. Garage refrigerators and freezers, and anything in an outdoor kitchen, wear out fastest.",
      },
      {
        title: "Hurricane season outages and surges",
        text: "From June through November, tropical storms can knock out power for days. Refrigerators full of spoiled food need cleaning and sometimes new gaskets, and the surges when power returns damage control boards in refrigerators, washers and ranges. A surge protector and unplugging before the storm arrives both help.",
      },
      {
        title: "Appliances left idle for months",
        text: "Homes that sit closed up for the summer come back with dried-out seals, stuck water valves, stale water and odors in washers and dishwashers, and sometimes insects or nesting birds in dryer vents. Running each appliance through a cycle when you return shows up problems early.",
      },
    ],
    callToAction: {
      heading: "Spring Hill appliance repair, close to home",
      text: "Call our Spring Hill office or book online. Whether you're a year-round resident or just back for the season, we'll get your appliances running again.",
    },
  },
  {
    slug: "massachusetts",
    metaDescription:
      "South Shore appliance repair from our Hingham office for Hull, Scituate, Quincy, Marshfield and nearby towns. Washers, dryers, fridges and ovens fixed.",
    intro: [
      "South Shore homes have character, and a lot of that character is hard on appliances. Antique capes and colonials in Hingham and Duxbury squeeze the laundry into a closet or down a steep basement stair, older two-families in Quincy and Weymouth run modern appliances on wiring that predates them, and houses in Hull and Scituate take salt spray whenever the wind comes off the water.",
      "Easy Appliance Repair's Massachusetts office is on Derby Street in Hingham, just off Route 3. We repair refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves across the South Shore and west to Norwood and Westwood, usually within 48 hours, Monday through Saturday.",
    ],
    areasIntro:
      "From Hingham we serve the coastal towns of Hull, Cohasset, Scituate, Marshfield and Duxbury; Quincy, Milton, Braintree, Weymouth and East Weymouth closer to Boston; Norwell, Hanover, Rockland, Pembroke and Kingston inland along Route 3; and Westwood and Norwood out along Route 128 and Route 1.",
    whyChooseUs: [
      {
        title: "Based on the South Shore",
        text: "Our office is in Hingham, close to Route 3 and Route 228, so a technician can reach the coast, the Route 3 towns or Quincy and Milton without a trip in from Boston.",
      },
      {
        title: "Careful in older homes",
        text: "Narrow stairs, tight laundry closets and low basement ceilings come with the territory. We service appliances in place when we can, protect floors and woodwork when we can't, and tell you honestly when old wiring or venting needs an electrician or contractor.",
      },
      {
        title: "Ready for winter problems",
        text: "Frozen washer lines, dripping dryer vents and refrigerators struggling in cold garages are regular winter calls for us. We fix the damage and explain what to change so it doesn't happen next January.",
      },
      {
        title: "The same technician, start to finish",
        text: "If your repair needs a part, the technician who diagnosed it comes back to install it, so there's no starting over with someone new.",
      },
      {
        title: "Vetted people, guaranteed work",
        text: "Everyone we send into a home has passed a background check and a drug test, and our repairs are backed by a money-back guarantee.",
      },
    ],
    localIssues: [
      {
        title: "Salt air on the coast",
        text: "In Hull, Cohasset, Scituate and Marshfield, salt air corrodes refrigerator condenser coils and fan motors, rusts washer and dryer cabinets, and eats at electrical connections until appliances start failing on and off. Units in garages and enclosed porches close to the water go first.",
      },
      {
        title: "Old houses, old wiring, tight spaces",
        text: "Many South Shore homes were built long before today's appliances. Shared circuits, ungrounded outlets and tired wiring cause tripped breakers and erratic electronic controls, and laundry squeezed into closets or low basements leaves dryers short of air, so they overheat and blow thermal fuses.",
      },
      {
        title: "Freezing in unheated spaces",
        text: "Washers in unheated basements, mudrooms and garages can freeze in a cold snap. Water left in the pump, valves and hoses expands and cracks them, and the leak only shows up on the next load. Ice maker lines on exterior walls freeze too.",
      },
      {
        title: "Condensation in cold dryer vents",
        text: "When a dryer vent runs through a cold exterior wall or an unheated attic, the warm, moist exhaust condenses inside the duct. Lint sticks to the wet walls, the vent narrows, and water can run back into the dryer and rust it. Short, insulated, properly sloped vent runs help.",
      },
      {
        title: "Nor'easter outages and surges",
        text: "Nor'easters bring wind, coastal flooding and outages that can last for days in the shore towns. Surges when power returns damage control boards, and refrigerators left without power need cleaning before they're trusted again. Don't run an appliance that sat in floodwater until it has been checked.",
      },
    ],
    callToAction: {
      heading: "South Shore appliance not working?",
      text: "Call our Hingham office or schedule online. From Hull to Norwood, we'll send a technician who knows New England homes and their quirks.",
    },
  },
];

export function statePageBySlug(slug: string, locale: Locale = "en"): StatePageContent | undefined {
  const pages = locale === "es" ? spanishStatePages : statePages;
  return pages.find((page) => page.slug === slug);
}
