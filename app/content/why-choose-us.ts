export interface ReasonToChoose {
  title: string;
  text: string;
}

export const whyChooseUs: readonly ReasonToChoose[] = [
  {
    title: "Service usually within 48 hours",
    text: "We know a broken appliance disrupts your whole household, so we usually have a technician at your home within 48 hours of your call.",
  },
  {
    title: "Money-back guarantee",
    text: "If our repair doesn't fix the problem we diagnosed and we can't make it right, we'll refund what you paid for that repair.",
  },
  {
    title: "The same technician, start to finish",
    text: "The technician who diagnoses your appliance comes back to complete the repair and handles any follow-up, so you never have to explain the problem twice.",
  },
  {
    title: "No-problem-found policy",
    text: "If our technician can't find anything wrong with your appliance, you don't pay for the visit.",
  },
  {
    title: "Background-checked, drug-tested staff",
    text: "Everyone we send into your home has passed a criminal background check and a drug test.",
  },
  {
    title: "Straight technical advice",
    text: "Call us with a question and we'll tell you honestly whether a repair is worth it, and what you can safely check yourself before booking a visit.",
  },
  {
    title: "Factory-trained technicians",
    text: "Our technicians are trained on the appliances they repair and keep up with new models, control boards and diagnostic modes.",
  },
  {
    title: "Upfront pricing",
    text: "You get a clear price after the diagnosis and before any work begins. No repair starts until you approve it.",
  },
  {
    title: "90-day labor and 1-year parts warranty",
    text: "Every repair is covered for 90 days on labor and one year on the parts we install.",
  },
  {
    title: "Stocked trucks, more first-visit fixes",
    text: "Our trucks carry the parts that fail most often, from thermal fuses and igniters to drain pumps and door switches, so many repairs are finished on the first visit.",
  },
  {
    title: "All major brands",
    text: "We repair Whirlpool, GE, Samsung, LG, Bosch, KitchenAid, Sub-Zero, Thermador, Miele and many more, including high-end built-in appliances.",
  },
  {
    title: "Evening and Saturday appointments",
    text: "We're open Monday through Saturday, 8 AM to 6 PM, with late-afternoon appointment windows until 6 PM and Saturday visits for customers who can't take time off work.",
  },
  {
    title: "Licensed and insured",
    text: "We're a licensed, fully insured company, so your home and your appliance are protected while we work.",
  },
];

export const ownerQuote: { quote: string; author: string; role: string } = {
  quote:
    "I started this company because I was tired of seeing people wait a week for a repairman who showed up late and talked down to them. We show up when we say we will, we explain what's wrong in plain English, and we fix it right. If we don't, I want to hear about it.",
  author: "Daniel Brooks",
  role: "Founder & Owner",
};
